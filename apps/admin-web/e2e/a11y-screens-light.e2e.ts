import { expect, it } from '@jest/globals';
import { axeEveryScreen, unplacedRecordScreens } from './support/every-screen-axe.js';

// axe-core (WCAG 2.1 A/AA) on every screen of the registry in Chinese, light scheme (the dark one in English is
// a11y-screens-dark.e2e.ts). No serious or critical finding (contrast included) is allowed.
it('knows where every record screen of the registry finds a record', () => {
  expect(unplacedRecordScreens()).toEqual([]);
});

axeEveryScreen('zh', 'light');
