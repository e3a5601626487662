export { teardown as default } from './template-setup.mjs';
