// Starts the slowest browser files first. Jest orders files by their last run's durations when its cache has them,
// and by file size when not, as on CI's fresh clone: there the every-screen axe files, the smallest files and the
// longest runs, came last and ran on with one or two workers idle. The files named here go first either way.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** The longest files of a measured run, longest first (each several times an average file). */
const SLOWEST = ['a11y-screens-light.e2e.ts', 'a11y-screens-dark.e2e.ts'];

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const at = SLOWEST.indexOf(path.basename(test.path));
      return at === -1 ? SLOWEST.length : at;
    };
    // Array.prototype.sort is stable: the rest keep Jest's order.
    return super.sort(tests).sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowFirstSequencer;
