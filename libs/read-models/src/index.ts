export * from './framework/projection.js';
export * from './framework/migrations.js';
export * from './framework/errors.js';
export * from './framework/log.js';
export * from './framework/batch.js';
export * from './framework/versions.js';
export * from './framework/runner.js';
export * from './framework/status.js';
export { lockHolder } from './framework/locks.js';
export * from './stream-summary/stream-summary.projection.js';
export * from './projections.js';
export {
  GRAM_SEPARATOR,
  labelFacet,
  modelFacet,
  nameGramsSql,
  recipeFacetsText,
} from './recipes/recipes.projection.js';
export * from './framework/parking.js';
export * from './framework/replay.js';
export * from './framework/storable.js';
export { useFoldThread } from './framework/fold-thread.js';
export { apkProjection } from './apk/apk.projection.js';
