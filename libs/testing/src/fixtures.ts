// Inputs the specs of several libraries share: plain data (the specs parse it with the contracts' schemas).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';

/** The n-th made-up uuid of a spec (a file, a recipe): readable in a failure, valid where a uuid is asked for. */
export const nthUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The moment a spec's commands happen at. */
export const SPEC_AT = '2026-05-01T09:00:00.000Z';

/** Which APK package a draft is: sub-brand, model and versions. */
export const APK_IDENTITY = {
  subBrandCode: 'DEMO-CHEF',
  productCode: 'TM-6',
  versionNumber: '2.3.0',
  apkVersion: '2.3.0-b17',
  parentVersion: '2.2.0',
};

/** Every picture an APK package needs before submission, uploaded as files 1 to 10. */
export const APK_PICTURE_FILES = {
  bootLogo: nthUuid(1),
  bootVideo: nthUuid(2),
  screensaver: nthUuid(3),
  accountBackground: nthUuid(4),
  recipeEntryBackground: nthUuid(5),
  modeEntryBackground: nthUuid(6),
  onlineRecipeEntryBackground: nthUuid(7),
  modePicture: nthUuid(8),
  modeBackground: nthUuid(9),
  modeIcon: nthUuid(10),
};

/** An offline pack the completeness rule accepts: number, type, model, sub-brand and recipes 1 and 2. */
export const OFFLINE_PACK_INPUT = {
  number: 'P-01',
  type: 'initial' as const,
  productCode: 'TM-6',
  subBrandCode: 'DEMO-CHEF',
  recipeIds: [nthUuid(1), nthUuid(2)],
};

/** A loopback port nothing listens on: what a spec of a refused or failed connection dials. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * An event to append in a spec: its own ids and the metadata every event carries, occurred now (the shape of
 * @kb/event-store's NewEvent).
 */
export function newEvent(type: string, actor = 'alice', brandOwnerCode = 'DEMO', data: unknown = {}) {
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: {
      actor,
      brandOwnerCode,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}
