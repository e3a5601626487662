// A Jest global setup (and, as `teardown`, its global teardown) for suites whose systems start from the demo data:
// one database migrated and seeded per run, which each test copies instead of migrating and seeding its own (see
// src/template-database.ts). Plain JavaScript on the built lib, as Jest runs these outside its transform.
import * as testing from './dist/index.js';

export default async function setup() {
  if (typeof testing.createRunTemplateDatabase !== 'function') {
    console.log('\nno template database: @kb/testing is built without it (nx run @kb/testing:build)');
    return;
  }
  const started = Date.now();
  const template = await testing.createRunTemplateDatabase();
  if (template)
    console.log(
      `\ntemplate database ${template.name} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}

export async function teardown() {
  await testing.dropRunTemplateDatabase?.();
}
