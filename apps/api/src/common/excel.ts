/**
 * ExcelJS, loaded on first use: it (with the zip libraries it pulls in) is ~0.8 s of a start's CPU, and only the
 * xlsx template and the account-list import need it.
 */
export async function loadExcel(): Promise<typeof import('exceljs')> {
  const module = await import('exceljs');
  return (module as { default?: typeof import('exceljs') }).default ?? module;
}
