import type { JobItem, JobRun, UiLang } from '@kb/contracts';
import type { JobRunRow } from '@kb/platform';
import { translate } from '../../common/messages.js';

const message = (
  code: string | null | undefined,
  lang: UiLang,
  params?: Record<string, string | number> | null,
) => (code ? (translate(code, lang, params ?? {}) ?? code) : null);

/** A `job_runs` row as the screens get it: progress in percent, codes translated into the caller's language. */
export function toJobRun(row: JobRunRow, lang: UiLang): JobRun {
  const done = row.progress_done;
  const total = row.progress_total;
  const percent =
    row.state === 'succeeded' ? 100 : total > 0 ? Math.min(100, Math.floor((100 * done) / total)) : 0;
  const items: JobItem[] = row.results.map((r) => ({
    key: r.key,
    outcome: r.outcome,
    message: message(r.code, lang, r.params),
    code: r.code ?? null,
    data: r.data ?? null,
  }));
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: { done, total, percent },
    startedBy: row.started_by,
    params: row.params,
    summary: row.summary,
    error: message(row.error_code, lang, row.error_params),
    errorCode: row.error_code,
    items,
    output:
      row.state === 'succeeded' && row.output_path && row.output_name
        ? { name: row.output_name, size: Number(row.output_size ?? 0) }
        : null,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
