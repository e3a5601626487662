// Shared Jest setup: TypeScript through SWC, native ESM (run with --experimental-vm-modules),
// workspace libs resolved to their sources so tests never need a prior build.
const path = require('node:path');
const root = __dirname;
module.exports = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          target: 'es2023',
          keepClassNames: true,
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
        },
        module: { type: 'es6' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: {
    '^@kb/(contracts|domain|event-store|read-models|platform|testing|devices|aggregates)$': path.join(root, 'libs/$1/src/index.ts'),
    // Narrow entry points of a lib (package.json exports), for processes that need only part of it.
    '^@kb/platform/(db|observability)$': path.join(root, 'libs/platform/src/$1/index.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testTimeout: 60000,
  // A handle left open (by a failed test, or a connection a suite forgot) must not hold the run for ever, on CI or on
  // a developer's `npm test`: the results are reported, and Jest says that it forced the exit.
  forceExit: true,
};
