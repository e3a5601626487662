import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { APK_KEY } from './apk-read-position.js';

export const apkDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/subApk/detail', { id }, { signal }),
  });

/** Where the browser loads an uploaded file from (same origin; the session cookie authorises it). */
export function fileUrl(fileCode: string): string {
  return `/api/file/download?fileCode=${encodeURIComponent(fileCode)}`;
}
