export * from './envelope.js';
export * from './auth.js';
export * from './home.js';
