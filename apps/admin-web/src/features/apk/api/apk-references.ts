import type { ApkLastSubmitInfo } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { APK_KEY } from './apk-read-position.js';

/** `/api/subApk/lastSubmitVersionInfo`: the versions of the latest submission of a sub-brand and model. */
export const lastSubmitQuery = (subBrandCode: string, productCode: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'last-submit', subBrandCode, productCode],
    queryFn: ({ signal }) =>
      api<ApkLastSubmitInfo | null>('/subApk/lastSubmitVersionInfo', {
        query: { subBrandCode, productCode },
        kind: 'reference',
        signal,
      }),
    enabled: subBrandCode !== '' && productCode !== '',
  });
