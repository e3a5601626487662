import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ScreenPath } from '../../../lib/screen.js';
import type { ReferenceContext } from '../../../components/reference/reference-screen.js';
import { formatTime } from '../../../components/reference/format.js';
import { Thumbnail } from '../../../components/reference/record-image.js';
import { OnlineBadge, periodText } from './content-fields.js';

// The columns the content lists share (their CSV export is declared with the API entities).

/** A record's (first) image as a thumbnail. */
export function thumbnailColumn<T extends { name: string }>(
  accessor: keyof T & string,
  title: string,
  fileCode: (record: T) => string | null | undefined,
): DataTableColumn<T> {
  return {
    accessor,
    title,
    width: 72,
    render: (r) => <Thumbnail fileCode={fileCode(r) ?? null} alt={r.name} />,
  };
}

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

export function updatedAtColumn<T extends { updatedAt: string }>(t: TFunction): DataTableColumn<T> {
  return {
    accessor: 'updatedAt',
    title: t('content.fields.updatedAt'),
    render: (r) => formatTime(r.updatedAt),
  };
}

/** The row buttons of a record with a detail page and a linked-recipe list (banners, themed groups). */
export function detailAndRecipesActions(paths: { detail: ScreenPath; recipes: ScreenPath }) {
  return function RowButtons(record: { id: string }, { t, open }: ReferenceContext) {
    return (
      <>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => open(paths.detail, record.id)}
          data-testid="row-detail"
        >
          {t('content.detailAction')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => open(paths.recipes, record.id)}
          data-testid="row-recipes"
        >
          {t('content.recipesAction')}
        </Button>
      </>
    );
  };
}
