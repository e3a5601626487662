import type { Type } from '@nestjs/common';
import type { UiLang } from '@kb/contracts';
import type { LIST_EXPORT_LISTS, XlsxCell } from '@kb/platform';
import type { z } from 'zod';

export type ExportedList = (typeof LIST_EXPORT_LISTS)[number];

/** One page of rows a list's query read; `nextCursor` when the list pages by cursor, else pages go by number. */
export interface ExportPage<R> {
  list: R[];
  total: number;
  nextCursor?: string | null;
}

/** A column of the file: its header and how a row's cell reads, in the language of the one who asked. */
export interface ExportColumn<R> {
  header: Record<UiLang, string>;
  width?: number;
  value(row: R, lang: UiLang): XlsxCell;
}

/**
 * A list that exports what it shows: its query schema (the list's filters and sort, as `/list` takes them), the
 * service that reads its pages and how, and the file's columns. The kit (ListExports) starts the job, reads the
 * pages in the job and writes CSV or xlsx.
 */
export interface ListExportDeclaration<S, Q, R> {
  list: ExportedList;
  schema: z.ZodType<Q>;
  service: Type<S>;
  /** Reads one page of the list as its `/list` route does (`after`: the page before's `nextCursor`). */
  page(
    service: S,
    query: Q & { pageNum: number; pageSize: number; onPage: true; after?: string },
  ): Promise<ExportPage<R>>;
  fileName: string;
  sheetName: Record<UiLang, string>;
  columns: ExportColumn<R>[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of declarations of any row type
type AnyDeclaration = ListExportDeclaration<any, any, any>;
const declarations = new Map<ExportedList, AnyDeclaration>();

/** Registers a list's export, when its module file is loaded (before the app serves anything). */
export function declareListExport<S, Q, R>(declaration: ListExportDeclaration<S, Q, R>): void {
  declarations.set(declaration.list, declaration as AnyDeclaration);
}

export function listExportOf(list: ExportedList): AnyDeclaration {
  const found = declarations.get(list);
  if (!found) throw new Error(`no export declared for the ${list} list`);
  return found;
}

/** A date-time cell as ISO text (UTC), the way every export of the console writes times. */
export const timeCell = (value: string | null | undefined): XlsxCell => value ?? null;

/** Yes/no in the file's language. */
export const yesNo = (value: boolean, lang: UiLang): string =>
  lang === 'zh' ? (value ? '是' : '否') : value ? 'Yes' : 'No';
