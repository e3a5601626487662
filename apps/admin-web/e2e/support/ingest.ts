import { randomUUID } from 'node:crypto';
import type { Harness } from './harness.js';

/** The demo brand's factory activation key, which a device sends to activate. */
export const ACTIVATION_KEY = 'demo-device-activation-key';

/** Where device-ingest (the devices' and the companion app's API) listens: the harness must run it (`ingest`). */
export function ingestUrlOf(h: Harness): string {
  const line = h.system.logs.find((l) => l.includes('device-ingest listening on'));
  const url = /(http:\/\/[\d.]+:\d+)/.exec(line ?? '')?.[1];
  if (!url) throw new Error('device-ingest is not running: start the harness with { ingest: true }');
  return url;
}

/** An answer of device-ingest: its envelope, and the HTTP status it came with. */
export type IngestAnswer = { http: number; status: number; desc: string; data: any };

/**
 * A call to device-ingest as a device or the app makes it (`path` from the root, e.g. `/device/v1/faults`): a GET
 * without a body, a POST with one, signed in with `token` when given.
 */
export async function ingestCall(
  h: Harness,
  path: string,
  { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<IngestAnswer> {
  const res = await fetch(`${ingestUrlOf(h)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { http: res.status, ...((await res.json()) as Omit<IngestAnswer, 'http'>) };
}

/** The data of a device-ingest call that must succeed; a refusal throws with its status and message. */
export async function ingestData(h: Harness, path: string, options: Parameters<typeof ingestCall>[2] = {}) {
  const answer = await ingestCall(h, path, options);
  if (answer.http >= 300) throw new Error(`${path}: ${answer.http} ${answer.desc}`);
  return answer.data;
}

/** A device activates with the factory key; answers the headers its later calls are signed with. */
export async function activateDevice(h: Harness, device: Record<string, unknown>) {
  const { credential } = await ingestData(h, '/device/v1/activate', {
    body: device,
    headers: { 'x-activation-key': ACTIVATION_KEY },
  });
  return { authorization: `Bearer ${credential as string}` };
}

/** A signed-in device reports faults of these types, from Shenzhen, now. */
export async function reportFaults(
  h: Harness,
  auth: Record<string, string>,
  faults: { type: string; errorLog: string }[],
) {
  await ingestData(h, '/device/v1/faults', {
    body: {
      messages: faults.map(({ type, errorLog }) => ({
        messageId: randomUUID(),
        type,
        reportedAt: new Date().toISOString(),
        country: 'CN',
        city: 'Shenzhen',
        errorLog,
      })),
    },
    headers: auth,
  });
}
