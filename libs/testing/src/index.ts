export * from './database.js';
export * from './smtp.js';
export * from './system.js';
export * from './notice-faults.js';
