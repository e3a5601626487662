import { LANG_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, type Envelope } from '@kb/contracts';
import {
  apiHandlers,
  buildUrl,
  readEnvelope,
  refused,
  REQUEST_ID_HEADER,
  type CallOptions,
} from './api-client.js';

// Beside the API client rather than in it: the login page loads the client, and no page before the console
// downloads a file.

/** The file name a download's answer gives (Content-Disposition), else `fallback`. */
function fileNameOf(res: Response, fallback: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Saves a file the API streams (a list's export) under the name it gives. A refusal (the JSON envelope: the
 * session ended, a bad filter, no permission) is shown as any call's is, instead of being saved as the file; a
 * download cut short is reported, never saved as if whole.
 */
export async function download(
  path: string,
  query?: CallOptions['query'],
  fallbackName = 'export',
): Promise<void> {
  const h = apiHandlers();
  const options: CallOptions = { kind: 'query' };
  let envelope: Envelope & { code?: string };
  let requestId: string | null = null;
  try {
    const res = await fetch(buildUrl(path, query), {
      headers: { [LANG_HEADER]: h.lang(), [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      credentials: 'same-origin',
    });
    const json = (res.headers.get('content-type') ?? '').includes('application/json');
    if (res.ok && !json) {
      const file = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = file;
      link.download = fileNameOf(res, fallbackName);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(file), 60_000);
      return;
    }
    requestId = res.headers.get(REQUEST_ID_HEADER);
    envelope = await readEnvelope(res);
    if (envelope.status === 200) envelope.status = 502;
  } catch {
    envelope = { status: 0, desc: '', data: null };
  }
  throw refused(h, envelope, path, 'query', options, requestId);
}
