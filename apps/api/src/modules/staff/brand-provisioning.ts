import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { setDeviceBrandSettings } from '@kb/devices';
import { withTransaction } from '@kb/platform';
import { AppError } from '../../common/app-error.js';
import { OPERATOR } from './staff-accounts.js';

/** Brand codes as staff, devices and files carry them: upper-case letters, digits, `-` and `_`. */
export const BRAND_CODE_RULE = /^[A-Z0-9][A-Z0-9_-]{1,31}$/;

/** The languages a brand starts with unless told otherwise (the first is its main language). */
export const DEFAULT_BRAND_LANGUAGES = ['zh', 'en'];

export interface BrandSpec {
  code: string;
  name: string;
  company?: string | null;
  /** The brand's languages, main first. */
  languages: readonly string[];
  /** The catalogue models it sells; every model of the catalogue when left out. */
  products?: readonly string[];
  /** Its sub-brands, each with its models under the customer model name they are sold as. */
  subBrands?: readonly { code: string; name: string; products: readonly (readonly [string, string])[] }[];
  /** The factory key its devices activate with (stored as a hash); none when left out. */
  activationKey?: string;
  inactivityTimeoutSeconds?: number;
}

/** A factory activation key: 192 random bits, URL-safe. */
export const newActivationKey = () => randomBytes(24).toString('base64url');

/**
 * Makes a brand usable: its row, its languages (when it has none yet), the models it sells, its sub-brands and
 * its devices' settings with the activation key. What is already there stays (the demo seed runs it on every
 * start); `created` says whether the brand is new.
 */
export async function provisionBrand(c: pg.PoolClient, spec: BrandSpec): Promise<{ created: boolean }> {
  if (!BRAND_CODE_RULE.test(spec.code)) throw new AppError(400, 'brand_code_rule');
  if (!spec.name.trim()) throw new AppError(400, 'brand_name_required');
  if (!spec.languages.length) throw new AppError(400, 'lang_required');
  const languages = await c.query<{ code: string }>('SELECT code FROM sys_languages WHERE code = ANY($1)', [
    spec.languages,
  ]);
  const unknownLanguage = spec.languages.find((l) => !languages.rows.some((r) => r.code === l));
  if (unknownLanguage) throw new AppError(400, 'lang_invalid');
  const products = spec.products
    ? spec.products
    : (await c.query<{ product_code: string }>('SELECT product_code FROM products ORDER BY sort')).rows.map(
        (r) => r.product_code,
      );
  const known = await c.query<{ product_code: string }>(
    'SELECT product_code FROM products WHERE product_code = ANY($1)',
    [products],
  );
  const unknownProduct = products.find((p) => !known.rows.some((r) => r.product_code === p));
  if (unknownProduct) throw new AppError(400, 'brand_product_unknown', { product: unknownProduct });

  const inserted = await c.query(
    'INSERT INTO brands (code, name, company_name) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING',
    [spec.code, spec.name.trim(), spec.company ?? null],
  );
  const hasLanguages = await c.query('SELECT 1 FROM brand_languages WHERE brand_owner_code = $1', [
    spec.code,
  ]);
  if (!hasLanguages.rowCount) {
    for (const [i, lang] of spec.languages.entries()) {
      await c.query('INSERT INTO brand_languages VALUES ($1, $2, $3, $4)', [spec.code, lang, i === 0, i]);
    }
  }
  for (const p of products) {
    await c.query('INSERT INTO brand_products VALUES ($1, $2) ON CONFLICT DO NOTHING', [spec.code, p]);
  }
  for (const [i, s] of (spec.subBrands ?? []).entries()) {
    await c.query('INSERT INTO sub_brands VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      spec.code,
      s.code,
      s.name,
      i + 1,
    ]);
    for (const [product, customerModel] of s.products) {
      await c.query('INSERT INTO sub_brand_products VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        spec.code,
        s.code,
        product,
        customerModel,
      ]);
    }
  }
  await setDeviceBrandSettings(c, spec.code, {
    activationKey: spec.activationKey,
    inactivityTimeoutSeconds: spec.inactivityTimeoutSeconds,
  });
  return { created: inserted.rowCount === 1 };
}

/** A new brand with a fresh activation key, returned once (only its hash is kept); an existing code is refused. */
export async function createBrand(
  pool: pg.Pool,
  spec: Omit<BrandSpec, 'activationKey'>,
): Promise<{ activationKey: string }> {
  const activationKey = newActivationKey();
  await withTransaction(pool, async (c) => {
    const { created } = await provisionBrand(c, { ...spec, activationKey });
    if (!created) throw new AppError(409, 'brand_exists', { brand: spec.code });
  });
  return { activationKey };
}

/**
 * Disables a brand: every staff account of it is disabled with its sessions ended (each a line of its audit
 * trail), and no account of it can be created or enabled until the brand is enabled again.
 */
export async function setBrandDisabled(
  pool: pg.Pool,
  code: string,
  disabled: boolean,
): Promise<{ staff: number }> {
  return withTransaction(pool, async (c) => {
    const brand = await c.query('UPDATE brands SET disabled = $2 WHERE code = $1 RETURNING code', [
      code,
      disabled,
    ]);
    if (!brand.rowCount) throw new AppError(404, 'brand_not_found', { brand: code });
    if (!disabled) return { staff: 0 };
    const { rows } = await c.query<{ id: string }>(
      `UPDATE staff_users SET disabled = true, updated_at = now()
       WHERE brand_owner_code = $1 AND NOT disabled RETURNING id`,
      [code],
    );
    const ids = rows.map((r) => r.id);
    await c.query('DELETE FROM staff_sessions WHERE user_id = ANY($1)', [ids]);
    await c.query(
      `INSERT INTO staff_changes (brand_owner_code, staff_id, action, actor)
       SELECT $1, id, 'disabled', $2 FROM unnest($3::uuid[]) AS id`,
      [code, OPERATOR, ids],
    );
    return { staff: ids.length };
  });
}
