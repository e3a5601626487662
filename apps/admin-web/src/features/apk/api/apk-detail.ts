import type { ApkDetail } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { APK_KEY } from './apk-read-position.js';

export const apkDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'detail', id],
    queryFn: ({ signal }) => api<ApkDetail>('/subApk/detail', { query: { id }, signal }),
  });

/** Where the browser loads an uploaded file from (same origin; the session cookie authorises it). */
export function fileUrl(fileCode: string): string {
  return `/api/file/download?fileCode=${encodeURIComponent(fileCode)}`;
}
