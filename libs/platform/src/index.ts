export * from './db/pool.js';
export * from './db/migrate.js';
