export * from './port.js';
export * from './postgres/migrations.js';
export * from './postgres/postgres-event-store.js';
export {
  KurrentEventStore,
  KurrentUnavailableError,
  type KurrentEventStoreOptions,
} from './kurrent/kurrent-event-store.js';
export * from './open-event-store.js';
