/** Import templates served by `/api/common/downloadImportAccountTpl` (UTF-8 CSV with a BOM so Excel opens it right). */
export const IMPORT_TEMPLATES: Record<string, { contentType: string; body: () => Buffer }> = {
  'vip-user-import.csv': {
    contentType: 'text/csv; charset=utf-8',
    body: () =>
      Buffer.from(
        '\ufeffaccount,vipLevel,startDate,endDate\nuser@example.com,1,2026-01-01,2026-12-31\n',
        'utf8',
      ),
  },
  'notice-custom-users.csv': {
    contentType: 'text/csv; charset=utf-8',
    body: () => Buffer.from('\ufeffaccount\nuser@example.com\n', 'utf8'),
  },
};
