import { useTranslation } from 'react-i18next';
import { ListExport } from '../../../components/list-views/list-export.js';
import { call } from '../../../lib/call.js';
import { searchRecordQuery, type SearchRecordFilter } from '../api/search-records.js';

/** Export of the search records the list's filter shows, as CSV or xlsx (the list kit's export). */
export function SearchRecordExport({ filter }: { filter: SearchRecordFilter }) {
  const { t } = useTranslation();
  return (
    <ListExport
      title={t('users.export.title')}
      start={(format) =>
        call.post(
          '/userSearchRecord/exportData',
          { ...searchRecordQuery(filter), format },
          { kind: 'command' },
        )
      }
    />
  );
}
