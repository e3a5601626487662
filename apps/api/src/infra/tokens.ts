export const PG_POOL = Symbol('PG_POOL');
export const REDIS = Symbol('REDIS');
export const EVENT_STORE = Symbol('EVENT_STORE');
