import { Injectable } from '@nestjs/common';
import type { Page, TEST_DEVICE_SORT_FIELDS, TestDevice } from '@kb/contracts';
import { z } from 'zod';
import { testDeviceInputSchema, testDeviceListQuerySchema, testDeviceUpdateSchema } from '@kb/contracts';
import { likePrefix, withTransaction } from '@kb/platform';
import type pg from 'pg';
import { AppError, fieldRefusal, conflict, notFound } from '../../common/app-error.js';
import { listOrder } from '../../common/list-sort.js';
import { sortedPage } from '../../common/paging.js';
import { requestContext } from '../../common/request-context.js';
import { Db } from '../../infra/db.js';
import { deviceJoins } from './device-rows.js';
import { iso, SqlFilter } from '../../common/sql-filter.js';

/**
 * The test device list's sortable columns, in the caller's language; newest first without a sort (a brand tests
 * on a few devices). Sub-brand and product sort by the names shown.
 */
export const testDeviceOrder = (lang: string) =>
  listOrder<(typeof TEST_DEVICE_SORT_FIELDS)[number]>({
    keys: {
      sn: 'd.sn text',
      subModel: 'd.sub_model text null',
      subBrandName: 'sb.name text null',
      productName: `${lang === 'en' ? 'p.name_en' : 'p.name_zh'} text null`,
      apkVersion: 'd.apk_version text null',
      online: 'd.online boolean',
      lastConnectAt: 'd.last_seen_at timestamptz null',
      createdAt: 't.created_at timestamptz',
    },
    tieBreak: 't.id text',
    natural: 't.created_at DESC, t.id',
  });

interface TestDeviceRecord {
  id: string;
  version: number;
  device_id: string;
  sn: string;
  remark: string;
  sub_model: string | null;
  sub_brand_name: string | null;
  product_code: string | null;
  product_name: string | null;
  apk_version: string | null;
  online: boolean;
  last_seen_at: Date | null;
  created_at: Date;
  created_by: string;
  [column: string]: unknown;
}

const toTestDevice = (r: TestDeviceRecord): TestDevice => ({
  id: r.id,
  version: r.version,
  deviceId: r.device_id,
  sn: r.sn,
  remark: r.remark,
  subModel: r.sub_model,
  subBrandName: r.sub_brand_name,
  productCode: r.product_code,
  productName: r.product_name,
  apkVersion: r.apk_version,
  online: r.online,
  lastConnectAt: iso(r.last_seen_at),
  createdAt: iso(r.created_at)!,
  createdBy: r.created_by,
});

const snError = (code: string, sn: string): AppError => fieldRefusal('sn', code, { sn });

/** The test device group: devices of the brand (by SN) that receive test APKs and test offline packs. */
@Injectable()
export class TestDevicesService {
  constructor(private readonly db: Db) {}

  private select(lang: string) {
    return `SELECT t.id, t.version, t.device_id, d.sn, t.remark, d.sub_model, sb.name AS sub_brand_name,
                   d.product_code, ${lang === 'en' ? 'p.name_en' : 'p.name_zh'} AS product_name, d.apk_version,
                   d.online, d.last_seen_at, t.created_at, t.created_by
              FROM test_devices t JOIN devices d ON d.id = t.device_id ${deviceJoins}`;
  }

  async list(q: z.output<typeof testDeviceListQuerySchema>): Promise<Page<TestDevice>> {
    const f = new SqlFilter('t');
    if (q.sn) f.where(`d.sn LIKE ${f.param(likePrefix(q.sn.toUpperCase()))}`);
    if (q.subBrandCode) f.where(`d.sub_brand_code = ${f.param(q.subBrandCode)}`);
    if (q.productCode) f.where(`d.product_code = ${f.param(q.productCode)}`);
    if (q.online !== undefined) f.where(`d.online = ${f.param(q.online)}`);
    const lang = requestContext.lang();
    return sortedPage(this.db.pool, this.select(lang), f, testDeviceOrder(lang), q, toTestDevice);
  }

  async search(keyword: string): Promise<TestDevice[]> {
    const f = new SqlFilter('t');
    if (keyword) f.where(`d.sn LIKE ${f.param(likePrefix(keyword.toUpperCase()))}`);
    const rows = await this.db.scoped<TestDeviceRecord>(
      `${this.select(requestContext.lang())} WHERE ${f.sql} ORDER BY d.sn LIMIT 50`,
      f.params,
    );
    return rows.map(toTestDevice);
  }

  async detail(id: string): Promise<TestDevice> {
    const [row] = await this.db.scoped<TestDeviceRecord>(
      `${this.select(requestContext.lang())} WHERE t.brand_owner_code = $1 AND t.id = $2`,
      [id],
    );
    if (!row) throw notFound();
    return toTestDevice(row);
  }

  private async deviceBySn(c: pg.PoolClient, brand: string, sn: string): Promise<string> {
    const { rows } = await c.query<{ id: string }>(
      'SELECT id FROM devices WHERE brand_owner_code = $1 AND sn = $2',
      [brand, sn.toUpperCase()],
    );
    if (!rows[0]) throw snError('test_device_sn_unknown', sn);
    return rows[0].id;
  }

  async add(input: z.output<typeof testDeviceInputSchema>): Promise<TestDevice> {
    const brand = requestContext.brand();
    const id = await withTransaction(this.db.pool, async (c) => {
      const deviceId = await this.deviceBySn(c, brand, input.sn);
      const { rows } = await c.query<{ id: string }>(
        `INSERT INTO test_devices (brand_owner_code, device_id, remark, created_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (brand_owner_code, device_id) DO NOTHING RETURNING id`,
        [brand, deviceId, input.remark, requestContext.user().account],
      );
      if (!rows[0]) throw snError('test_device_exists', input.sn.toUpperCase());
      return rows[0].id;
    });
    return this.detail(id);
  }

  async update(input: z.output<typeof testDeviceUpdateSchema>): Promise<TestDevice> {
    const brand = requestContext.brand();
    await withTransaction(this.db.pool, async (c) => {
      const current = await c.query<{ version: number }>(
        'SELECT version FROM test_devices WHERE brand_owner_code = $1 AND id = $2 FOR UPDATE',
        [brand, input.id],
      );
      if (!current.rows[0]) throw notFound();
      if (current.rows[0].version !== input.version) throw conflict();
      const deviceId = await this.deviceBySn(c, brand, input.sn);
      try {
        await c.query(
          `UPDATE test_devices SET device_id = $3, remark = $4, version = version + 1, updated_at = now()
            WHERE brand_owner_code = $1 AND id = $2`,
          [brand, input.id, deviceId, input.remark],
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw snError('test_device_exists', input.sn.toUpperCase());
        throw error;
      }
    });
    return this.detail(input.id);
  }
}
