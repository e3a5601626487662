import type { JobRun, ListName, SavedView, SavedViewState } from '@kb/contracts';
import { Alert, Button, Group, Input, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { FilterButtons } from './filter-buttons.js';
import { showInPage } from '../lib/notify.js';
import { usePermissions } from '../lib/use-can.js';
import { BatchActionBar } from './batch-action-bar.js';
import type { BatchAction } from './batch-actions.js';
import { listQuery, type FetchPage, type ListQuery } from './list-query.js';
import { clampPage, PAGER_DEFAULT_SIZE } from './pager-logic.js';
import { Pager } from './pager.js';
import { ColumnMenu } from './list-views/column-menu.js';
import { ListExport, type ExportFormat } from './list-views/list-export.js';
import { NO_SORT, type ListSort } from './list-views/list-sort-logic.js';
import { SavedViewsMenu } from './list-views/saved-views-menu.js';
import { SortHeader } from './list-views/sort-header.js';
import { useListSort } from './list-views/use-list-sort.js';

/** One field of the filter bar. The value kept for a date range is `[from, to]` as `YYYY-MM-DD` strings. */
export type FilterField<F> =
  | { name: keyof F & string; label: string; kind: 'text'; placeholder?: string }
  | { name: keyof F & string; label: string; kind: 'select'; options: { value: string; label: string }[] }
  | { name: keyof F & string; label: string; kind: 'date-range' };

const loadDateRangeInput = () => import('./date-range-input.js');
const DateRangeInput = lazy(() => loadDateRangeInput().then((m) => ({ default: m.DateRangeInput })));

export type { ListQuery } from './list-query.js';

/** A column is a row field shown; `actions` (row buttons) is never sorted, chosen or saved. */
const ACTIONS = 'actions';
const accessorOf = (c: { accessor: unknown }) => String(c.accessor);

export interface ListPageProps<T, F extends Record<string, unknown>> {
  /** Cache key of the list (filters and paging are appended). */
  queryKey: readonly unknown[];
  /** Loads one page (`pageNum` from 1, `pageSize` of §9) with the applied filters. */
  fetchPage: FetchPage<T, F>;
  columns: DataTableColumn<T>[];
  /** The field naming a record (selection and batch results use it). */
  idAccessor: keyof T & string;
  filters?: FilterField<F>[];
  initialFilters: F;
  batchActions?: BatchAction<T>[];
  /** Buttons above the table, e.g. "Add"; as a function it gets the applied filters (e.g. to export what is shown). */
  toolbar?: ReactNode | ((applied: F) => ReactNode);
  /**
   * The fields the list's API sorts by (libs/contracts `*_SORT_FIELDS`). A column whose accessor (or whose entry
   * in `sortByColumn`) is one gets a sorting header; the sort is kept in the address.
   */
  sortFields?: readonly string[];
  sortByColumn?: Record<string, string>;
  /** The list's name for saved views: the toolbar offers saving and picking views (filters, sort, columns). */
  views?: ListName;
  /** Exports what the list shows (its applied filters and sort) as CSV or xlsx through the export kit. */
  exportRows?: (query: F & ListSort, format: ExportFormat) => Promise<JobRun>;
  exportTitle?: string;
}

const NO_FIELDS: readonly string[] = [];
const NO_ROWS: never[] = [];

interface FilterInputProps<F> {
  field: FilterField<F>;
  value: unknown;
  /** Sets the field's draft value; the same function for every field and every render. */
  onChange: (name: string, value: unknown) => void;
}

/**
 * Whether two declarations of a filter field draw the same input: screens declare their fields (plain texts and
 * options) on every render.
 */
const sameField = <F,>(a: FilterField<F>, b: FilterField<F>) =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * A field of the filter bar, drawn again only when its value or its declaration changes: a list's screen draws
 * again with each lookup that arrives (categories, models, languages, tags), and a bar holds a dozen inputs.
 */
const FilterInput = memo(
  FilterInputField,
  (before, after) =>
    before.value === after.value &&
    before.onChange === after.onChange &&
    sameField(before.field, after.field),
) as typeof FilterInputField;

function FilterInputField<F extends Record<string, unknown>>({
  field,
  value,
  onChange,
}: FilterInputProps<F>) {
  const { t } = useTranslation();
  // Mantine keeps a closed select's options drawn (hidden) and placed under it; a list opens with many selects, so
  // each one's options are drawn once the field is first focused, before any key or click can open them.
  const [approached, setApproached] = useState(false);
  if (field.kind === 'select') {
    return (
      <Select
        label={field.label}
        data={field.options}
        value={(value as string | null) ?? null}
        onChange={(next) => onChange(field.name, next)}
        onFocus={() => setApproached(true)}
        comboboxProps={{ keepMounted: approached }}
        clearable
        w={180}
        placeholder={t('common.empty')}
        data-testid={`filter-${field.name}`}
      />
    );
  }
  if (field.kind === 'date-range') {
    return (
      <DateRangeFilter
        label={field.label}
        value={(value as [string | null, string | null]) ?? NO_RANGE}
        onChange={(next) => onChange(field.name, next)}
        testId={`filter-${field.name}`}
      />
    );
  }
  return (
    <TextInput
      label={field.label}
      placeholder={field.placeholder}
      value={(value as string) ?? ''}
      onChange={(e) => onChange(field.name, e.currentTarget.value)}
      w={180}
      data-testid={`filter-${field.name}`}
    />
  );
}

const NO_RANGE: [null, null] = [null, null];

/**
 * An empty date range as the date picker draws it, closed: a labelled button of the same look. The picker's code
 * (a tenth of a list's download) comes when the pointer comes to the field, and the picker is drawn (and opened) at
 * the first click or key on it.
 */
function DateRangeFilter(props: {
  label: string;
  value: [string | null, string | null];
  onChange: (value: [string | null, string | null]) => void;
  testId: string;
}) {
  const [clicked, setClicked] = useState(false);
  const id = useId();
  const standIn = (
    <Input.Wrapper label={props.label} id={id} miw={220}>
      <Input
        id={id}
        component="button"
        type="button"
        pointer
        styles={{ input: { lineHeight: 'unset' } }}
        data-testid={props.testId}
        onPointerEnter={() => void loadDateRangeInput()}
        onClick={() => setClicked(true)}
      />
    </Input.Wrapper>
  );
  if (!clicked && !props.value[0] && !props.value[1]) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DateRangeInput {...props} openOnArrival={clicked} />
    </Suspense>
  );
}

/**
 * A list screen in one declaration: filter bar, table with row selection, batch-action bar and the §9 pager.
 * Filters, page, size and selection live in this component's state, so a kept-alive list keeps them.
 */
export function ListPage<T, F extends Record<string, unknown>>({
  queryKey,
  fetchPage,
  columns,
  idAccessor,
  filters = [],
  initialFilters,
  batchActions: allBatchActions = [],
  toolbar,
  sortFields = NO_FIELDS,
  sortByColumn,
  views,
  exportRows,
  exportTitle,
}: ListPageProps<T, F>) {
  const { t } = useTranslation();
  const can = usePermissions();
  // A role is offered only the batch actions it may run; with none, rows are not selectable either.
  const batchActions = allBatchActions.filter((a) => !a.permission || can(a.permission));
  const [draft, setDraft] = useState<F>(initialFilters);
  const [applied, setApplied] = useState<F>(initialFilters);
  const [paging, setPaging] = useState<ListQuery>({ pageNum: 1, pageSize: PAGER_DEFAULT_SIZE });
  const [selected, setSelected] = useState<T[]>([]);
  const [sort, setSort] = useListSort(sortFields);
  const [hidden, setHidden] = useState<string[]>([]);
  const tools = typeof toolbar === 'function' ? toolbar(applied) : toolbar;
  const sortQuery: ListSort = sort.orderBy ? { orderBy: sort.orderBy, order: sort.order ?? 'asc' } : NO_SORT;

  const list = useQuery({
    ...listQuery(queryKey, fetchPage, applied, paging, sortQuery),
    placeholderData: keepPreviousData,
  });

  const chosenColumns = columns.filter((c) => accessorOf(c) !== ACTIONS);
  const shownColumns = useMemo(
    () =>
      columns.map((c): DataTableColumn<T> => {
        const accessor = accessorOf(c);
        const field = sortByColumn?.[accessor] ?? accessor;
        const sortable = accessor !== ACTIONS && sortFields.includes(field);
        return {
          ...c,
          hidden: c.hidden || hidden.includes(accessor),
          title: sortable ? (
            <SortHeader
              field={field}
              label={c.title ?? accessor}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                setPaging((p) => ({ ...p, pageNum: 1 }));
                setSelected([]);
              }}
            />
          ) : (
            c.title
          ),
        };
      }),
    [columns, hidden, sort, sortFields, sortByColumn, setSort],
  );

  /** What a saved view keeps of the list now. */
  const currentView = useCallbackRef((): SavedViewState => ({
    filters: applied as SavedViewState['filters'],
    ...sortQuery,
    columns: chosenColumns.map(accessorOf).filter((a) => !hidden.includes(a)),
  }));
  const applyView = useCallbackRef((view: SavedView) => {
    const filters = { ...initialFilters };
    for (const name of Object.keys(initialFilters))
      if (name in view.state.filters) (filters as Record<string, unknown>)[name] = view.state.filters[name];
    setDraft(filters);
    setApplied(filters);
    setSort(
      view.state.orderBy && sortFields.includes(view.state.orderBy)
        ? { orderBy: view.state.orderBy, order: view.state.order ?? 'asc' }
        : NO_SORT,
    );
    const shown = view.state.columns;
    setHidden(shown ? chosenColumns.map(accessorOf).filter((a) => !shown.includes(a)) : []);
    setPaging((p) => ({ ...p, pageNum: 1 }));
    setSelected([]);
  });
  const startExport = useCallbackRef((format: ExportFormat) =>
    exportRows!({ ...applied, ...sortQuery }, format),
  );
  // The toolbar's menus are drawn again only when what they show changes, not with every draw of the list.
  const columnChoices = useMemo(
    () =>
      columns
        .filter((c) => accessorOf(c) !== ACTIONS)
        .map((c) => ({ accessor: accessorOf(c), title: c.title ?? accessorOf(c) })),
    [columns],
  );
  const listTools = (
    <>
      {tools}
      {exportRows && <ListExport title={exportTitle} start={startExport} />}
      {views && chosenColumns.length > 1 && (
        <ColumnMenu columns={columnChoices} hidden={hidden} onChange={setHidden} />
      )}
      {views && <SavedViewsMenu list={views} current={currentView} onApply={applyView} />}
    </>
  );
  const hasTools = Boolean(tools) || Boolean(exportRows) || Boolean(views);
  const selectable = batchActions.length > 0;
  const records = list.data?.list ?? NO_ROWS;
  // Rows that come are drawn in a transition, which React renders in slices, rather than all in the task that reads
  // the answer; until they are shown, the table still says it is fetching (not "no records").
  const shownRecords = useDeferredValue(records);
  const fetching = list.isFetching || shownRecords !== records;
  // The rows are drawn again only when they or their columns change: not when a filter's options arrive, nor
  // while the user types in the filter bar (a screen passes its columns memoised for that).
  const table = useMemo(
    () => (
      <DataTable<T>
        withTableBorder={false}
        minHeight={180}
        records={shownRecords}
        columns={shownColumns}
        idAccessor={idAccessor}
        fetching={fetching}
        noRecordsText={t('components.noRecords')}
        highlightOnHover
        {...(selectable ? { selectedRecords: selected, onSelectedRecordsChange: setSelected } : {})}
      />
    ),
    [shownRecords, shownColumns, idAccessor, fetching, t, selectable, selected],
  );
  // A failed load is said in place of the rows, with a retry (not as "no records, total 0"), and only there.
  const failed = list.isError && !list.isFetching;
  showInPage(list.error, list.failureReason);
  const total = list.data?.total ?? 0;

  // After deletions the current page may no longer exist: show the last one that does.
  const fitting = clampPage(paging.pageNum, total, paging.pageSize);
  if (list.data && !list.isPlaceholderData && fitting !== paging.pageNum)
    setPaging({ ...paging, pageNum: fitting });

  const setField = useCallback(
    (name: string, value: unknown) => setDraft((now) => ({ ...now, [name]: value })),
    [],
  );
  const changePage = useCallback((pageNum: number, pageSize: number) => {
    setPaging({ pageNum, pageSize });
    setSelected([]);
  }, []);
  const search = () => {
    // Searching again with the same filters asks the server again (the rows may have changed meanwhile).
    const same = JSON.stringify(draft) === JSON.stringify(applied) && paging.pageNum === 1;
    setApplied(draft);
    setPaging({ ...paging, pageNum: 1 });
    setSelected([]);
    if (same) void list.refetch();
  };
  const reset = useCallbackRef(() => {
    setDraft(initialFilters);
    setApplied(initialFilters);
    setPaging({ ...paging, pageNum: 1 });
    setSelected([]);
  });

  return (
    <Stack gap="md">
      {filters.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              search();
            }}
          >
            <Group align="flex-end" gap="md" wrap="wrap" aria-label={t('components.filters')}>
              {filters.map((field) => (
                <FilterInput<F>
                  key={field.name}
                  field={field}
                  value={draft[field.name]}
                  onChange={setField}
                />
              ))}
              <FilterButtons onReset={reset} />
            </Group>
          </form>
        </Paper>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {(hasTools || batchActions.length > 0) && (
            <Group justify="space-between">
              <BatchActionBar
                actions={batchActions}
                selected={selected}
                onDone={() => {
                  setSelected([]);
                  void list.refetch();
                }}
              />
              <Group gap="xs">{listTools}</Group>
            </Group>
          )}
          {/* data-list-fetching: the rows shown may be the previous query's while the new one loads (kept on
              screen meanwhile); browser tests wait for it to clear before reading them. */}
          {failed ? (
            <Alert
              color="red"
              icon={<IconAlertCircle />}
              title={t('components.loadFailed')}
              role="alert"
              data-testid="list-load-failed"
            >
              <Stack gap="xs" align="flex-start">
                <span data-testid="list-load-error">{list.error.message}</span>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} />}
                  onClick={() => void list.refetch()}
                  data-testid="list-retry"
                >
                  {t('components.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <div data-list-fetching={fetching ? 'true' : 'false'}>{table}</div>
          )}
          {!failed && (
            <Pager
              total={total}
              totalExact={list.data?.totalExact ?? true}
              exactUpTo={list.data?.exactUpTo}
              pageNum={paging.pageNum}
              pageSize={paging.pageSize}
              disabled={list.isFetching && !list.data}
              onChange={changePage}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
