export * from './db/pool.js';
export * from './db/migrate.js';
export * from './queues/index.js';
export * from './jobs/index.js';
export * from './translation/index.js';
export * from './observability/index.js';
export * from './app-error.js';
export * from './database-unavailable.js';
