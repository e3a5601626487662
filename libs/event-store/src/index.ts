export * from './port.js';
export * from './postgres/migrations.js';
export * from './postgres/postgres-event-store.js';
// Types only: the KurrentDB client (gRPC) is loaded when a process opens that store (open-event-store.ts), not by
// every process that imports this library (measured: a seventh of the projector's start-up).
export type { KurrentEventStore, KurrentEventStoreOptions } from './kurrent/kurrent-event-store.js';
export * from './open-event-store.js';
