export * from './provider.js';
export * from './http-translator.js';
export * from './libretranslate.js';
export * from './deepl.js';
export * from './demo-glossary.js';
export * from './from-config.js';
