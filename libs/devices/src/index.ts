export * from './migrations.js';
export * from './credentials.js';
export * from './activation.js';
export * from './ingest-writes.js';
export * from './app-activity/migrations.js';
export * from './app-activity/auth.js';
export * from './app-activity/writes.js';
export * from './app-activity/vip-migrations.js';
