export * from './port.js';
export * from './postgres/migrations.js';
export * from './postgres/postgres-event-store.js';
export { KurrentEventStore, type KurrentEventStoreOptions } from './kurrent/kurrent-event-store.js';
