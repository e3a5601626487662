import type { PublicConfig } from '@kb/contracts';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/call.js';

/** `GET /api/public/config`: what the login page shows before anyone logs in (a failure is only logged). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return call.get('/public/config', {}, { kind: 'reference', signal });
}

let asked: { at: number; answer: Promise<PublicConfig | undefined> } | undefined;
let known: PublicConfig | undefined;
const FRESH_MS = 10 * 60_000;

/**
 * The public config, asked once per ten minutes by all public pages together, without the query library (the login
 * page goes without it). A failure leaves it unknown and is asked again by the next page.
 */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const [data, setData] = useState(known);
  useEffect(() => {
    if (!asked || Date.now() - asked.at > FRESH_MS) {
      const answer = getPublicConfig().then(
        (config) => (known = config),
        () => {
          asked = undefined;
          return undefined;
        },
      );
      asked = { at: Date.now(), answer };
    }
    let shown = true;
    void asked.answer.then((config) => {
      if (shown && config) setData(config);
    });
    return () => {
      shown = false;
    };
  }, []);
  return { data };
}
