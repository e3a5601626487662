export * from './database.js';
