export * from './job-runs.js';
export * from './job-runs.migrations.js';
export * from './define-job-worker.js';
