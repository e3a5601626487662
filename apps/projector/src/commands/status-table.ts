import { formatPosition, type ProjectionStatus } from '@kb/read-models';

/** JSON-safe form of a status row (bigints as strings, dates as ISO strings). */
export function statusJson(s: ProjectionStatus) {
  return {
    name: s.name,
    version: s.version,
    status: s.status,
    definitionVersion: s.definitionVersion,
    codeVersion: s.codeVersion,
    checkpoint: {
      transactionId: s.checkpoint.transactionId.toString(),
      globalPosition: s.checkpoint.globalPosition.toString(),
    },
    head: {
      transactionId: s.head.transactionId.toString(),
      globalPosition: s.head.globalPosition.toString(),
    },
    lagEvents: s.lagEvents,
    lagSeconds: s.lagSeconds,
    deferredIndexes: s.deferredIndexes,
    runningBy: s.runningBy,
    updatedAt: s.updatedAt.toISOString(),
    lastError: s.lastError,
    lastErrorAt: s.lastErrorAt?.toISOString() ?? null,
  };
}

const HEADERS = [
  'PROJECTION',
  'VERSION',
  'CODE',
  'STATE',
  'CHECKPOINT',
  'LAG EVENTS',
  'LAG SECONDS',
  'RUNNING BY',
  'UPDATED AT',
  'LAST ERROR',
];

/** A plain-text table, one line per built version, columns padded to their widest cell. */
export function statusTable(rows: ProjectionStatus[], notBuilt: string[]): string {
  const cells = rows.map((s) => [
    s.name,
    `v${s.version}`,
    // Built by code version / code version of this software.
    `${s.definitionVersion}/${s.codeVersion ?? '?'}`,
    s.deferredIndexes > 0 ? `${s.status}, ${s.deferredIndexes} indexes to build` : s.status,
    formatPosition(s.checkpoint),
    String(s.lagEvents),
    s.lagSeconds.toFixed(1),
    s.runningBy ?? '-',
    s.updatedAt.toISOString(),
    s.lastError ?? '-',
  ]);
  for (const name of notBuilt) cells.push([name, '-', '-', 'not built', '-', '-', '-', '-', '-', '-']);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(HEADERS), ...cells.map(line)].join('\n') + '\n';
}
