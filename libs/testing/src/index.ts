export * from './database.js';
export * from './smtp.js';
export * from './system.js';
export * from './translation-server.js';
export * from './notice-faults.js';
export * from './redis-server.js';
export * from './redis-cluster.js';
export * from './waiting.js';
