import { axeEveryScreen } from './support/every-screen-axe.js';

// axe-core (WCAG 2.1 A/AA) on every screen of the registry in English, dark scheme (the light one in Chinese is
// a11y-screens-light.e2e.ts). No serious or critical finding (contrast included) is allowed.
axeEveryScreen('en', 'dark');
