// Unit tests of the web's pure logic (tab bar, guard, catalogs, upload checks) in Node; screens are covered by
// the browser tests of e2e/ (jest.e2e.config.cjs).
const preset = require('../../jest.preset.cjs');
module.exports = {
  ...preset,
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
};
