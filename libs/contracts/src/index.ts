export * from './envelope.js';
export * from './paging.js';
export * from './auth.js';
export * from './home.js';
export * from './reference.js';
export * from './catalog.js';
export * from './recipe.js';
export * from './apk.js';
