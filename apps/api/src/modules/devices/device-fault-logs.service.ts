import { Injectable } from '@nestjs/common';
import type {
  FAULT_SORT_FIELDS,
  FaultCount,
  FaultListQuery,
  FaultRecord,
  FaultSummary,
  Page,
} from '@kb/contracts';
import { faultSummaryQuerySchema } from '@kb/contracts';
import type { z } from 'zod';
import { listOrder } from '../../common/list-sort.js';
import { sortedPage } from '../../common/paging.js';
import { requestContext } from '../../common/request-context.js';
import { Db } from '../../infra/db.js';
import { faultColumns, toFaultRecord, type FaultRecordRow } from './device-rows.js';
import { SqlFilter } from '../../common/sql-filter.js';

const MAX_BUCKETS = 366;

/** The fault list's sortable columns; newest report first without a sort. */
export const FAULT_ORDER = listOrder<(typeof FAULT_SORT_FIELDS)[number]>({
  keys: {
    sn: 'f.sn text',
    type: 'f.type text',
    reportedAt: 'f.reported_at timestamptz',
    productCode: 'f.product_code text null',
    apkVersion: 'f.apk_version text null',
  },
  tieBreak: 'f.id text',
  natural: 'f.reported_at DESC, f.id',
});

/** Fault records (§7 `deviceFaultLog`): the list with its filters, the summary for the charts, and deletion. */
@Injectable()
export class DeviceFaultLogsService {
  constructor(private readonly db: Db) {}

  private filter(q: Omit<FaultListQuery, 'pageNum' | 'pageSize' | 'onPage'>): SqlFilter {
    return new SqlFilter('f')
      .where('f.deleted_at IS NULL')
      .prefix('sn', q.sn, true)
      .equals('type', q.type)
      .equals('country', q.country)
      .equals('city', q.city)
      .equals('product_code', q.productCode)
      .equals('apk_version', q.apkVersion)
      .range('reported_at', 'from', q.from, q.to);
  }

  async list(q: FaultListQuery): Promise<Page<FaultRecord>> {
    const f = this.filter(q);
    return sortedPage(
      this.db.pool,
      `SELECT ${faultColumns(requestContext.lang())} FROM device_faults f
         LEFT JOIN products p ON p.product_code = f.product_code`,
      f,
      FAULT_ORDER,
      q,
      (r: FaultRecordRow) => toFaultRecord(r),
    );
  }

  async summary(q: z.output<typeof faultSummaryQuerySchema>): Promise<FaultSummary> {
    const f = this.filter(q);
    const lang = requestContext.lang();
    const where = `FROM device_faults f WHERE ${f.sql}`;
    const counts = (column: string) =>
      this.db.scoped<{ key: string | null; count: string }>(
        `SELECT ${column} AS key, count(*) AS count ${where} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 50`,
        f.params,
      );
    const unit = q.period;
    const [totals, byType, byModel, byVersion, range] = await Promise.all([
      this.db.scoped<{ total: string; devices: string }>(
        `SELECT count(*) AS total, count(DISTINCT f.device_id) AS devices ${where}`,
        f.params,
      ),
      counts('f.type'),
      this.db.scoped<{ key: string | null; label: string | null; count: string }>(
        `SELECT f.product_code AS key, ${lang === 'en' ? 'p.name_en' : 'p.name_zh'} AS label, count(*) AS count
           FROM device_faults f LEFT JOIN products p ON p.product_code = f.product_code
          WHERE ${f.sql} GROUP BY 1, 2 ORDER BY count(*) DESC, 1 LIMIT 50`,
        f.params,
      ),
      counts('f.apk_version'),
      this.db.scoped<{ first: Date | null }>(`SELECT min(f.reported_at) AS first ${where}`, f.params),
    ]);
    // The series runs from the filter's start (else the first fault) to its end (else now), in UTC buckets,
    // the newest MAX_BUCKETS of them, with empty buckets as 0.
    const start = q.from ?? range[0]?.first?.toISOString();
    let byPeriod: FaultCount[] = [];
    if (start) {
      const end = q.to ?? new Date().toISOString();
      const p = new SqlFilter('f');
      p.params.push(...f.params);
      const sql = `
        WITH buckets AS (
          SELECT b FROM generate_series(
                   date_trunc('${unit}', ${p.param(start)}::timestamptz AT TIME ZONE 'UTC'),
                   date_trunc('${unit}', ${p.param(end)}::timestamptz AT TIME ZONE 'UTC'),
                   interval '1 ${unit}') AS b
          ORDER BY b DESC LIMIT ${MAX_BUCKETS}),
        counted AS (
          SELECT date_trunc('${unit}', f.reported_at AT TIME ZONE 'UTC') AS b, count(*) AS count
            FROM device_faults f WHERE ${f.sql} GROUP BY 1)
        SELECT to_char(buckets.b, 'YYYY-MM-DD') AS key, coalesce(counted.count, 0) AS count
          FROM buckets LEFT JOIN counted USING (b) ORDER BY buckets.b`;
      byPeriod = (await this.db.scoped<{ key: string; count: string }>(sql, p.params)).map((r) => ({
        key: r.key,
        label: null,
        count: Number(r.count),
      }));
    }
    const toCounts = (rows: { key: string | null; label?: string | null; count: string }[]): FaultCount[] =>
      rows.map((r) => ({ key: r.key ?? '', label: r.label ?? null, count: Number(r.count) }));
    return {
      total: Number(totals[0]?.total ?? 0),
      deviceCount: Number(totals[0]?.devices ?? 0),
      byType: toCounts(byType),
      byModel: toCounts(byModel),
      byVersion: toCounts(byVersion),
      byPeriod,
      period: unit,
    };
  }
}
