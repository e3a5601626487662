import {
  REFERENCE_SORT_FIELDS,
  type BrandLanguage,
  type ListName,
  type Page,
  type Permission,
} from '@kb/contracts';
import { Alert, Button, Center, Group, Loader, Modal } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { Fragment, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { z } from 'zod';
import { download } from '../../lib/download.js';
import { usePageContext } from '../../lib/page-context.js';
import type { ScreenPath } from '../../lib/screen.js';
import type { BatchAction } from '../batch-actions.js';
import { Can } from '../can.js';
import type { ConfirmKind } from '../confirm.js';
import { ConflictAlert } from '../conflict-alert.js';
import { FormPage, useSchemaForm } from '../form-page.js';
import { ListPage, type FilterField, type ListQuery } from '../list-page.js';
import { RecordLoader } from '../record-state.js';
import { languageNames, useBrandLanguages, WithBrandLanguages } from './brand-languages.js';
import { deleteEach } from './delete-each.js';
import {
  deleteRecords,
  fetchRecordPage,
  filterQuery,
  recordDetailQuery,
  useDeleteRecords,
  useSaveRecord,
  type ReferenceRoute,
  type Versioned,
} from './reference-records.js';
import { NO_FILTER, referenceFilters } from './reference-filters.js';
import { RowActions } from './row-actions.js';
import { saveOrReportConflict } from './save-outcome.js';

/** What a declaration's columns, filters and actions are drawn with. */
export interface ReferenceContext {
  t: TFunction;
  /** The brand's languages, main first (undefined while loading). */
  languages: BrandLanguage[] | undefined;
  /** Language code → its name in the UI language. */
  languageName: Map<string, string>;
  /** Opens a screen of the app, e.g. a record's linked-recipe list. */
  open: (to: ScreenPath, id?: string) => void;
}

/** What a declaration's form fields get: the form, the brand's languages and its main one. */
export interface ReferenceFieldsProps<Values> {
  form: UseFormReturnType<Values>;
  languages: BrandLanguage[];
  mainLang: string;
}

export interface ReferenceForm<T, Values extends Record<string, unknown>, Input extends object> {
  /** The form's rules: error codes as messages, from libs/contracts or built from its rules. */
  schema: (langs: string[], mainLang: string) => z.ZodType;
  initialValues: (record: T | undefined, languages: BrandLanguage[]) => Values;
  /** The body of `add` / `update` (without id and version). */
  toInput: (values: Values, langs: string[]) => Input;
  Fields: ComponentType<ReferenceFieldsProps<Values>>;
  /** Fields checked as they are typed (e.g. a sort: letters are refused at once). */
  validateInputOnChange?: string[];
  maw?: number;
}

/**
 * Where a reference screen's pages are and who may change its records: from its registration
 * (`referenceScreens` in its feature's screens.ts), which the app's router reads without loading the pages.
 */
export interface ReferencePlacement {
  /** What a role needs to add, edit and delete. */
  permission: Permission;
  paths: {
    list: ScreenPath;
    /** Without add and edit pages the form opens in a dialog over the list. */
    add?: ScreenPath;
    edit?: ScreenPath;
  };
}

/**
 * One reference screen in one declaration: its §7 route and cache key, its list (columns, filters, row and batch
 * actions) and its form (rules, values, fields). `referencePages` makes the list, add and edit pages of it.
 */
export interface ReferenceScreen<
  T extends Versioned,
  Values extends Record<string, unknown>,
  Input extends object,
  F extends Record<string, unknown> = Record<string, unknown>,
> {
  route: ReferenceRoute;
  /** The list's columns, without the row actions (added at the end); with `csvFile` also the export's. */
  columns: (ctx: ReferenceContext) => DataTableColumn<T>[];
  /**
   * The list has a CSV export: `GET /api/<route>/export` under the applied filter, its columns declared with the
   * API entity (the value is the file's name without `.csv`, which the API gives).
   */
  csvFile?: string;
  /** The list's name for saved views (libs/contracts `SORTABLE_LISTS`): its toolbar saves and picks views. */
  views: ListName;
  /**
   * The fields its list sorts by (default: number and last change, through the kit's reader; a screen with a
   * reader of its own sorts only when it names them and sends the sort on).
   */
  sortFields?: readonly string[];
  /** The filter bar (default: number, name and language); a hook, so it may load its choices. */
  useFilters?: (ctx: ReferenceContext) => FilterField<F>[];
  initialFilters?: F;
  /** Loads a page (default: `GET /api/<route>/list` with the filters). */
  fetchPage?: (queryClient: QueryClient, query: F & ListQuery, signal: AbortSignal) => Promise<Page<T>>;
  /** More buttons of the list's toolbar, before export and add (e.g. suggestions). */
  toolbar?: (ctx: ReferenceContext) => ReactNode;
  /** Buttons of a row before edit and delete, e.g. "recipes". */
  rowActions?: (record: T, ctx: ReferenceContext) => ReactNode;
  /** More batch actions after edit and delete. */
  batchActions?: (ctx: ReferenceContext) => BatchAction<T>[];
  /** The §8 confirmation before deleting one record (default: `delete`). */
  deleteConfirm?: ConfirmKind;
  /** The entity has no `batchDelete` (§7): a selection is deleted one call each, failures named by this label. */
  deleteOneByOne?: (record: T) => string;
  /** The form's dialog (its test id and titles), when the form opens over the list instead of on a page. */
  dialog?: { testId: string; titles: (t: TFunction) => { add: string; edit: string } };
  form: ReferenceForm<T, Values, Input>;
}

// A declaration is consumed only through its own type parameters; the pages take any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReferenceScreen = ReferenceScreen<any, any, any, any>;
/** A declaration with its placement: what the pages below draw. */
type AnyScreen = AnyReferenceScreen & ReferencePlacement;

function useReferenceContext(): ReferenceContext {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languages = useBrandLanguages();
  return {
    t,
    languages,
    languageName: languageNames(languages),
    open: (to, id) => void navigate({ to, search: id ? { id } : {} } as never),
  };
}

/**
 * A record's form (add when there is no record): the declaration's fields, the §5 version conflict with "reload",
 * and the API's field errors under their fields. `onDone` runs after a save or a cancel.
 */
function ReferenceFormView({
  screen,
  languages,
  record,
  onReload,
  onDone,
  inDialog = false,
}: {
  screen: AnyScreen;
  languages: BrandLanguage[];
  record?: Versioned;
  onReload?: () => Promise<void>;
  onDone: () => unknown;
  inDialog?: boolean;
}) {
  const save = useSaveRecord(screen.route);
  const page = usePageContext();
  // In a dialog: when it closes, the list's tab has nothing unsaved any more.
  useEffect(() => (inDialog ? () => page?.setDirty(page.tabKey, false) : undefined), [page, inDialog]);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const langs = languages.map((l) => l.langCode);
  const mainLang = langs[0] ?? '';
  const { form: def } = screen;
  const rules = useMemo(() => def.schema(langs, mainLang), [langs.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useSchemaForm<Record<string, unknown>>(rules, {
    validateInputOnChange: def.validateInputOnChange,
    initialValues: def.initialValues(record, languages),
  });
  const Fields = def.Fields;
  return (
    <FormPage
      form={form}
      maw={def.maw}
      onCancel={() => void onDone()}
      onSubmit={async (values) => {
        const input = def.toInput(values, langs) as object;
        await saveOrReportConflict(
          () => save.mutateAsync(record ? { ...input, id: record.id, version: record.version } : input),
          () => setConflict(true),
        );
        await onDone();
      }}
    >
      {conflict && onReload && (
        <ConflictAlert
          reloading={reloading}
          onReload={() => {
            setReloading(true);
            void onReload().finally(() => setReloading(false));
          }}
        />
      )}
      <Fields form={form} languages={languages} mainLang={mainLang} />
    </FormPage>
  );
}

/** The edit form in a dialog: loads the record by id, and draws the form afresh after "reload". */
function DialogEdit({
  screen,
  id,
  languages,
  onClose,
}: {
  screen: AnyScreen;
  id: string;
  languages: BrandLanguage[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  const detail = useQuery(recordDetailQuery(screen.route, id));
  if (detail.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {t('reference.loadFailed')}: {detail.error.message}
      </Alert>
    );
  if (!detail.data)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  return (
    <Fragment key={generation}>
      <ReferenceFormView
        screen={screen}
        languages={languages}
        record={detail.data}
        inDialog
        onDone={onClose}
        onReload={async () => {
          await detail.refetch();
          setGeneration((g) => g + 1);
        }}
      />
    </Fragment>
  );
}

/** The record being edited in a dialog: a new one, or an existing one by id. */
type Editing = { kind: 'add' } | { kind: 'edit'; id: string } | null;

function ReferenceList({ screen }: { screen: AnyScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ctx = useReferenceContext();
  const useFilters = screen.useFilters ?? referenceFilters;
  const filters = useFilters(ctx) as FilterField<Record<string, unknown>>[];
  const remove = useDeleteRecords(screen.route);
  const [editing, setEditing] = useState<Editing>(null);
  const { paths } = screen;
  const add = () => (paths.add ? void navigate({ to: paths.add }) : setEditing({ kind: 'add' }));
  const edit = (id: string) =>
    paths.edit
      ? void navigate({ to: paths.edit, search: { id } } as never)
      : setEditing({ kind: 'edit', id });
  const removeSelection = async (rows: Versioned[]) => {
    const label = screen.deleteOneByOne;
    if (!label) {
      await remove.mutateAsync(rows.map((r) => r.id));
      return;
    }
    const outcome = await deleteEach(rows, label, (r) => deleteRecords(screen.route, [r.id], true));
    await queryClient.invalidateQueries({ queryKey: screen.route.key });
    return outcome;
  };
  const titles = screen.dialog?.titles(t);
  const columns = screen.columns(ctx) as DataTableColumn<Versioned>[];
  const loadPage = (q: Record<string, unknown> & ListQuery, signal: AbortSignal) =>
    screen.fetchPage ? screen.fetchPage(queryClient, q, signal) : fetchRecordPage(screen.route, q, signal);
  // The filter the list last applied: the export holds exactly what the list shows.
  const applied = useRef<Record<string, unknown>>(screen.initialFilters ?? NO_FILTER);
  return (
    <>
      <ListPage<Versioned, Record<string, unknown>>
        queryKey={[...screen.route.key, 'list']}
        sortFields={screen.sortFields ?? (screen.fetchPage ? undefined : REFERENCE_SORT_FIELDS)}
        views={screen.views}
        fetchPage={(q, signal) => {
          applied.current = q;
          return loadPage(q, signal);
        }}
        initialFilters={screen.initialFilters ?? NO_FILTER}
        filters={filters}
        idAccessor="id"
        columns={[
          ...columns,
          {
            accessor: 'actions',
            title: t('common.actions'),
            render: (record) => (
              <Group gap={4} wrap="nowrap">
                {screen.rowActions?.(record, ctx)}
                <RowActions
                  permission={screen.permission}
                  confirm={screen.deleteConfirm}
                  onEdit={() => edit(record.id)}
                  onDelete={() => remove.mutateAsync([record.id])}
                />
              </Group>
            ),
          },
        ]}
        batchActions={[
          {
            key: 'edit',
            permission: screen.permission,
            label: t('common.edit'),
            single: true,
            run: async ([record]) => {
              if (record) edit(record.id);
            },
          },
          {
            key: 'delete',
            permission: screen.permission,
            label: t('common.delete'),
            color: 'red',
            confirm: 'batchDelete',
            run: removeSelection,
          },
          ...(screen.batchActions?.(ctx) ?? []),
        ]}
        toolbar={
          <>
            {screen.toolbar?.(ctx)}
            {screen.csvFile && <CsvExportButton route={screen.route.route} filter={() => applied.current} />}
            <Can permission={screen.permission}>
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={add} data-testid="add">
                {t('common.add')}
              </Button>
            </Can>
          </>
        }
      />
      {titles && (
        <Modal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          size="lg"
          title={editing?.kind === 'edit' ? titles.edit : titles.add}
          data-testid={screen.dialog?.testId}
        >
          <WithBrandLanguages>
            {(languages) =>
              editing?.kind === 'edit' ? (
                <DialogEdit
                  screen={screen}
                  id={editing.id}
                  languages={languages}
                  onClose={() => setEditing(null)}
                />
              ) : (
                <ReferenceFormView
                  screen={screen}
                  languages={languages}
                  inDialog
                  onDone={() => setEditing(null)}
                />
              )
            }
          </WithBrandLanguages>
        </Modal>
      )}
    </>
  );
}

/**
 * Exports the list under its applied filter: the API streams the CSV from a cursor and the browser saves it
 * under the API's file name; the button spins meanwhile, and a refusal (session ended, bad filter) shows as a
 * message instead of a saved error. Paging is left out: the file holds every matching record.
 */
function CsvExportButton({ route, filter }: { route: string; filter: () => Record<string, unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const { pageNum: _pageNum, pageSize: _pageSize, ...applied } = filter();
    setBusy(true);
    try {
      await download(`/${route}/export`, filterQuery(applied), `${route}.csv`);
    } catch {
      // shown by download (a toast, the login page or the no-permission page)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      onClick={() => void run()}
      loading={busy}
      data-testid="export-csv"
    >
      {t('reference.exportCsv')}
    </Button>
  );
}

/** The list, add and edit pages of a declaration, where its registration places them. */
export function referencePages(declaration: AnyReferenceScreen, placement: ReferencePlacement) {
  const screen: AnyScreen = { ...declaration, ...placement };
  function List() {
    return <ReferenceList screen={screen} />;
  }
  function Add() {
    const navigate = useNavigate();
    // A fresh form after each save or cancel: a kept-alive add page is reused for the next record.
    const [generation, setGeneration] = useState(0);
    return (
      <WithBrandLanguages>
        {(languages) => (
          <ReferenceFormView
            key={generation}
            screen={screen}
            languages={languages}
            onDone={() => {
              setGeneration((g) => g + 1);
              return navigate({ to: screen.paths.list });
            }}
          />
        )}
      </WithBrandLanguages>
    );
  }
  function Edit() {
    const navigate = useNavigate();
    // The record is cached for this page alone: a kept-alive page hidden behind another tab keeps it (and so its
    // form), while a page opened later loads the record afresh.
    const [instance] = useState(() => Math.random().toString(36).slice(2));
    return (
      <WithBrandLanguages>
        {(languages) => (
          <RecordLoader
            query={(id) => ({
              ...recordDetailQuery(screen.route, id),
              queryKey: [...screen.route.key, 'detail', id, instance],
              gcTime: 30 * 60_000,
            })}
          >
            {(record, reload) => (
              <ReferenceFormView
                screen={screen}
                languages={languages}
                record={record}
                onReload={reload}
                onDone={() => {
                  // A kept-alive edit page stays open: it shows (and next saves over) the version just saved.
                  void reload();
                  return navigate({ to: screen.paths.list });
                }}
              />
            )}
          </RecordLoader>
        )}
      </WithBrandLanguages>
    );
  }
  return { List, Add, Edit };
}
