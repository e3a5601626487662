import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { APK_KEY } from './apk-read-position.js';

/** `/api/subApk/lastSubmitVersionInfo`: the versions of the latest submission of a sub-brand and model. */
export const lastSubmitQuery = (subBrandCode: string, productCode: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'last-submit', subBrandCode, productCode],
    queryFn: ({ signal }) =>
      call.get('/subApk/lastSubmitVersionInfo', { subBrandCode, productCode }, { kind: 'reference', signal }),
    enabled: subBrandCode !== '' && productCode !== '',
  });
