import type pg from 'pg';
import type { EventStore } from '@kb/event-store';
import type { StaffRole } from '@kb/contracts';
import { withTransaction } from '@kb/platform';
import { hashPasswordDigest, md5Hex } from '../modules/auth/password.js';
import { seedDemoReviews } from './demo-reviews.js';
import { DEMO_ACTIVATION_KEYS, DEMO_INACTIVITY_TIMEOUT_S, seedDemoDevices } from './demo-devices.js';
import { provisionBrand, type BrandSpec } from '../modules/staff/brand-provisioning.js';
import { seedDemoOfflinePacks } from './demo-offline-packs.js';
import { AREAS, COUNTRIES, DICT_ITEMS, LANGUAGES, PRODUCTS } from './reference-data.js';

/** Upserts the platform's reference data (languages, countries, areas, dictionaries, product catalogue). */
export async function seedReferenceData(pool: pg.Pool): Promise<void> {
  await withTransaction(pool, async (c) => {
    for (const [i, [code, zh, en, native]] of LANGUAGES.entries()) {
      await c.query(
        `INSERT INTO sys_languages (code, name_zh, name_en, native_name, sort) VALUES ($1,$2,$3,$4,$5)
         ON CONFLICT (code) DO UPDATE SET name_zh = $2, name_en = $3, native_name = $4, sort = $5`,
        [code, zh, en, native, i + 1],
      );
    }
    for (const [i, [code, zh, en]] of COUNTRIES.entries()) {
      await c.query(
        `INSERT INTO countries (code, name_zh, name_en, sort) VALUES ($1,$2,$3,$4)
         ON CONFLICT (code) DO UPDATE SET name_zh = $2, name_en = $3, sort = $4`,
        [code, zh, en, i + 1],
      );
    }
    for (const [code, country, parent, zh, en, level] of AREAS) {
      await c.query(
        `INSERT INTO areas (code, country_code, parent_code, name_zh, name_en, level) VALUES ($1,$2,$3,$4,$5,$6)
         ON CONFLICT (code) DO UPDATE SET name_zh = $4, name_en = $5`,
        [code, country, parent, zh, en, level],
      );
    }
    for (const [type, code, zh, en, sort] of DICT_ITEMS) {
      await c.query(
        `INSERT INTO dict_items (dict_type, code, name_zh, name_en, sort) VALUES ($1,$2,$3,$4,$5)
         ON CONFLICT (dict_type, code) DO UPDATE SET name_zh = $3, name_en = $4, sort = $5`,
        [type, code, zh, en, sort],
      );
    }
    for (const [i, [code, zh, en, pot, model]] of PRODUCTS.entries()) {
      await c.query(
        `INSERT INTO products (product_code, name_zh, name_en, pot_type, factory_model, sort) VALUES ($1,$2,$3,$4,$5,$6)
         ON CONFLICT (product_code) DO UPDATE SET name_zh = $2, name_en = $3, pot_type = $4, factory_model = $5, sort = $6`,
        [code, zh, en, pot, model, i + 1],
      );
    }
  });
}

export interface DemoAccount {
  account: string;
  password: string;
  email: string;
  name: string;
  role: StaffRole;
  brand: string;
}

/** The demo accounts of ARCHITECTURE.md (README lists them). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    account: 'demo',
    password: 'demo12345',
    email: 'demo@demo.kitchen.local',
    name: '演示管理员',
    role: 'admin',
    brand: 'DEMO',
  },
  {
    account: 'audit',
    password: 'audit12345',
    email: 'audit@demo.kitchen.local',
    name: '演示审核员',
    role: 'auditor',
    brand: 'DEMO',
  },
  {
    account: 'editor',
    password: 'editor12345',
    email: 'editor@demo.kitchen.local',
    name: '演示编辑',
    role: 'editor',
    brand: 'DEMO',
  },
  {
    account: 'viewer',
    password: 'viewer12345',
    email: 'viewer@demo.kitchen.local',
    name: '演示只读用户',
    role: 'viewer',
    brand: 'DEMO',
  },
  {
    account: 'other',
    password: 'other12345',
    email: 'other@other.kitchen.local',
    name: 'Other admin',
    role: 'admin',
    brand: 'OTHER',
  },
];

type DemoBrand = Omit<BrandSpec, 'activationKey' | 'inactivityTimeoutSeconds'> & {
  subBrands: { code: string; name: string; products: [string, string][] }[];
};

const DEMO_BRANDS: DemoBrand[] = [
  {
    code: 'DEMO',
    name: '演示厨房电器',
    languages: ['zh', 'en', 'de', 'fr'],
    company: '演示厨房电器有限公司',
    products: ['TM-6', 'TM-7', 'AF-5', 'AF-8', 'SM-3', 'OV-40', 'TMA-1', 'TMS-1'],
    subBrands: [
      {
        code: 'DEMO-CHEF',
        name: 'ChefMate',
        products: [
          ['TM-6', 'ChefMate C6'],
          ['TM-7', 'ChefMate C7'],
          ['TMA-1', 'ChefMate Duo'],
        ],
      },
      {
        code: 'DEMO-AIR',
        name: 'AirCrisp',
        products: [
          ['AF-5', 'AirCrisp 5L'],
          ['AF-8', 'AirCrisp Dual'],
        ],
      },
      {
        code: 'DEMO-BAKE',
        name: 'BakeHome',
        products: [
          ['SM-3', 'BakeHome Mixer'],
          ['OV-40', 'BakeHome Oven 40'],
          ['TMS-1', 'BakeHome Combo'],
        ],
      },
    ],
  },
  {
    code: 'OTHER',
    name: 'Other Appliances',
    languages: ['en', 'de'],
    company: 'Other Appliances GmbH',
    products: ['TM-6', 'AF-5'],
    subBrands: [
      {
        code: 'OTHER-ONE',
        name: 'OtherOne',
        products: [
          ['TM-6', 'OtherOne Cook'],
          ['AF-5', 'OtherOne Fry'],
        ],
      },
    ],
  },
];

/**
 * Seeds brands DEMO and OTHER (made usable as `npm run admin -- brand create` makes a brand, with the demo's
 * own languages, models, sub-brands and activation keys) with their accounts. Idempotent: keeps changed passwords.
 */
export async function seedDemoData(pool: pg.Pool, store: EventStore): Promise<void> {
  await withTransaction(pool, async (c) => {
    for (const b of DEMO_BRANDS) {
      await provisionBrand(c, {
        ...b,
        activationKey: DEMO_ACTIVATION_KEYS[b.code],
        inactivityTimeoutSeconds: DEMO_INACTIVITY_TIMEOUT_S,
      });
    }
  });
  for (const a of DEMO_ACCOUNTS) {
    const exists = await pool.query('SELECT 1 FROM staff_users WHERE lower(account) = lower($1)', [
      a.account,
    ]);
    if (exists.rowCount) continue;
    const hash = await hashPasswordDigest(md5Hex(a.password));
    await pool.query(
      `INSERT INTO staff_users (brand_owner_code, account, email, name, role, password_hash, first_login)
       VALUES ($1,$2,$3,$4,$5,$6,false) ON CONFLICT DO NOTHING`,
      [a.brand, a.account, a.email, a.name, a.role, hash],
    );
  }
  await seedDemoReviews(pool);
  await seedDemoDevices(pool);
  await seedDemoOfflinePacks(pool, store);
}
