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
 * service that reads its pages and how, its `/list` route's answer and wording, and the file's columns. The kit
 * serves `/list` and `exportData` (listExportEndpoints), starts the job (ListExports), reads the pages in the job
 * and writes CSV or xlsx.
 */
export interface ListExportDeclaration<S, Q extends z.ZodObject, R> {
  list: ExportedList;
  schema: Q;
  service: Type<S>;
  /** Reads one page of the list (`after`: the page before's `nextCursor`, where the list pages by cursor). */
  page(service: S, query: z.output<Q>): Promise<ExportPage<R>>;
  /** What `/list` answers, for the API document. */
  answer: z.ZodType;
  /** `/list`'s line in the API document. */
  summary: string;
  /** What the rows are, in the export's line of the API document ("the devices"). */
  rows: string;
  fileName: string;
  sheetName: Record<UiLang, string>;
  columns: ExportColumn<R>[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of declarations of any row type
type AnyDeclaration = ListExportDeclaration<any, z.ZodObject, any>;
const declarations = new Map<ExportedList, AnyDeclaration>();

/** Registers a list's export, when its module file is loaded (before the app serves anything). */
export function declareListExport<S, Q extends z.ZodObject, R>(
  declaration: ListExportDeclaration<S, Q, R>,
): ListExportDeclaration<S, Q, R> {
  declarations.set(declaration.list, declaration as AnyDeclaration);
  return declaration;
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
