export * from './streams.js';
export * from './command-path.js';
export * from './aggregate.js';
export * from './recipe.js';
export * from './apk.js';
export * from './offline-pack.js';
