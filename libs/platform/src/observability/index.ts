export * from './metrics.js';
export * from './ops-server.js';
export * from './request-id.js';
export * from './tracing.js';
