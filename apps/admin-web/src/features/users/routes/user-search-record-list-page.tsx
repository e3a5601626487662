import type { SearchRecordRow } from '@kb/contracts';
import { useTranslation } from 'react-i18next';
import { languageLabel } from '../../../lib/labels.js';
import { currentLanguage } from '../../../lib/language.js';
import { AnchorLink } from '../../../components/anchor-link.js';
import { batchDeleteAction } from '../../../components/delete-actions.js';
import { ListPage } from '../../../components/list-page.js';
import { searchRecordList, useDeleteSearchRecords, type SearchRecordFilter } from '../api/search-records.js';
import { SearchRecordExport } from '../components/search-record-export.js';
import { regionLabel } from '../components/user-cells.js';
import { deleteColumn, timeColumn } from '../../../components/record-columns.js';

/** §2 /user-search-record-list: what app users searched, with filters, batch delete and export (CSV, xlsx). */
export function UserSearchRecordListPage() {
  const { t } = useTranslation();
  const remove = useDeleteSearchRecords();
  return (
    <ListPage<SearchRecordRow, SearchRecordFilter>
      {...searchRecordList}
      sortByColumn={{ regionName: 'region' }}
      filters={[
        { name: 'terms', label: t('users.search.terms'), kind: 'text' },
        { name: 'user', label: t('users.search.user'), kind: 'text' },
        { name: 'lang', label: t('users.search.lang'), kind: 'text', placeholder: 'zh' },
        { name: 'region', label: t('users.search.region'), kind: 'text', placeholder: 'CN' },
        {
          name: 'empty',
          label: t('users.search.empty'),
          kind: 'select',
          options: [
            { value: 'false', label: t('users.search.emptyNo') },
            { value: 'true', label: t('users.search.emptyYes') },
          ],
        },
        { name: 'searched', label: t('users.search.time'), kind: 'date-range' },
      ]}
      idAccessor="id"
      columns={[
        { accessor: 'terms', title: t('users.search.terms') },
        {
          accessor: 'account',
          title: t('users.search.user'),
          render: (r) =>
            r.appUserId ? (
              <AnchorLink size="sm" to="/user-detail" search={{ id: r.appUserId }}>
                {r.nickname ? `${r.nickname} (${r.account})` : r.account}
              </AnchorLink>
            ) : (
              r.account
            ),
        },
        {
          accessor: 'lang',
          title: t('users.search.lang'),
          render: (r) => languageLabel(r.lang, currentLanguage()),
        },
        { accessor: 'resultCount', title: t('users.search.resultCount'), textAlign: 'right' },
        timeColumn('searchedAt', t('users.search.time')),
        { accessor: 'regionName', title: t('users.search.region'), render: regionLabel },
        deleteColumn(t, 'appUser.edit', remove.mutateAsync),
      ]}
      // The filter the list applied (a cached page is shown without a fetch): the export writes what it shows.
      toolbar={(applied) => <SearchRecordExport filter={applied} />}
      batchActions={[batchDeleteAction(t, 'appUser.edit', remove.mutateAsync)]}
    />
  );
}
