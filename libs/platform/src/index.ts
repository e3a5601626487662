// Everything of the platform. Two narrow entry points (package.json exports) serve processes that need only part
// of it: `@kb/platform/db` (pool, transactions, migrations) and `@kb/platform/observability` (metrics, ops server,
// request ids, spans without the tracing SDK), so the projector loads neither BullMQ, ioredis nor the SDK.
export * from './db/index.js';
export * from './queues/index.js';
export * from './redis/connection.js';
export * from './jobs/index.js';
export * from './translation/index.js';
export * from './observability/index.js';
export * from './observability/start-tracing.js';
export * from './app-error.js';
export * from './database-unavailable.js';
export * from './files/zip-writer.js';
export * from './files/xlsx-writer.js';
export * from './files/table-file.js';
export * from './files/file-kinds.js';
export * from './files/file-store.js';
