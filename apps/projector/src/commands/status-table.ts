import { formatPosition, type ParkedEvent, type ProjectionStatus } from '@kb/read-models';

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
    health: s.health,
    parked: s.parked,
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
  'HEALTH',
  'PARKED',
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
    s.health,
    parkedCell(s.parked),
    s.lastError ?? '-',
  ]);
  for (const name of notBuilt)
    cells.push([name, '-', '-', 'not built', '-', '-', '-', '-', '-', '-', '-', '-']);
  return table(HEADERS, cells);
}

function parkedCell(p: ProjectionStatus['parked']): string {
  if (p.events === 0) return '-';
  const brands = p.brands.length > 0 ? ` (${p.brands.join(', ')})` : '';
  return `${p.events} events, ${p.streams} streams${brands}`;
}

/** Columns padded to their widest cell; a cell's line breaks and tabs shown as spaces so a row stays one line. */
function table(headers: string[], cells: string[][]): string {
  const flat = cells.map((row) => row.map((c) => c.replace(/[\t\n\r]+/g, ' ')));
  const widths = headers.map((h, i) => Math.max(h.length, ...flat.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...flat.map(line)].join('\n') + '\n';
}

/** JSON-safe form of a parked event. */
export function parkedJson(p: ParkedEvent) {
  return {
    version: p.version,
    position: formatPosition(p.position),
    streamId: p.streamId,
    streamPosition: p.streamPosition.toString(),
    eventId: p.eventId,
    eventType: p.eventType,
    brandOwnerCode: p.brandOwnerCode,
    error: p.error,
    behind: p.behind?.toString() ?? null,
    parkedAt: p.parkedAt.toISOString(),
  };
}

const PARKED_HEADERS = [
  'VERSION',
  'POSITION',
  'STREAM',
  'STREAM POS',
  'BRAND',
  'EVENT TYPE',
  'PARKED AT',
  'ERROR',
];

/** `projector parked <name>`: one line per parked event, in global order per version. */
export function parkedTable(rows: ParkedEvent[]): string {
  return table(
    PARKED_HEADERS,
    rows.map((p) => [
      `v${p.version}`,
      formatPosition(p.position),
      p.streamId,
      p.streamPosition.toString(),
      p.brandOwnerCode ?? '-',
      p.eventType,
      p.parkedAt.toISOString(),
      p.behind === null ? p.error : `waits behind ${p.behind}: ${p.error}`,
    ]),
  );
}
