import { jest } from '@jest/globals';

// A browser test that fails is run once more, its first failure printed: on a loaded two-core machine a click
// can land during a re-render. A test that fails twice fails the run, and a printed first failure is a flake to
// fix, not to ignore.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
