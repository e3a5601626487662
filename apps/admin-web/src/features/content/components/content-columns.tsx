import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ScreenPath } from '../../../lib/screen.js';
import type { ReferenceContext } from '../../../components/reference/reference-screen.js';
import { OnlineBadge, periodText } from './content-fields.js';

// The columns the content lists share (their CSV export is declared with the API entities).

export function periodColumn<T extends { onlineStart: string | null; onlineEnd: string | null }>(
  t: TFunction,
): DataTableColumn<T> {
  return {
    accessor: 'onlineStart',
    title: t('content.fields.onlinePeriod'),
    render: (r) => periodText(r.onlineStart, r.onlineEnd),
  };
}

export function onlineColumn<T extends { online: boolean }>(t: TFunction): DataTableColumn<T> {
  return {
    accessor: 'online',
    title: t('content.fields.online'),
    render: (r) => <OnlineBadge online={r.online} />,
  };
}

/** The row buttons of a record with a detail page and a linked-recipe list (banners, themed groups). */
export function detailAndRecipesActions(paths: { detail: ScreenPath; recipes: ScreenPath }) {
  return function RowButtons(record: { id: string }, { t, open }: ReferenceContext) {
    return (
      <>
        {(['detail', 'recipes'] as const).map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant="subtle"
            onClick={() => open(paths[kind], record.id)}
            data-testid={`row-${kind}`}
          >
            {t(kind === 'detail' ? 'content.detailAction' : 'content.recipesAction')}
          </Button>
        ))}
      </>
    );
  };
}
