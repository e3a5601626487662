export * from './pool.js';
export * from './migrate.js';
export * from './like.js';
export * from './sql-where.js';
