export * from './migrations.js';
export * from './credentials.js';
export * from './activation.js';
export * from './ingest-writes.js';
