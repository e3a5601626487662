export * from './decider.js';
export * from './recipe/events.js';
export * from './recipe/state.js';
export * from './recipe/decide.js';
export * from './recipe/steps.js';
export * from './recipe/upcasters.js';
export * from './recipe/messages.js';
