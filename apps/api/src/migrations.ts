import type { Migration } from '@kb/platform';

/** Tables owned by the API: staff, sessions, files, and the platform's reference data. */
export const apiMigrations: Migration[] = [
  {
    id: 'api/001-brands-and-staff',
    sql: `
      CREATE TABLE brands (
        code text PRIMARY KEY,
        name text NOT NULL,
        company_name text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE staff_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        brand_owner_code text NOT NULL REFERENCES brands(code),
        account text NOT NULL,
        email text NOT NULL,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'auditor', 'editor')),
        password_hash text,
        first_login boolean NOT NULL DEFAULT true,
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX staff_users_account_key ON staff_users (lower(account));
      CREATE UNIQUE INDEX staff_users_email_key ON staff_users (lower(email));
      CREATE TABLE staff_sessions (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
        brand_owner_code text NOT NULL,
        remember boolean NOT NULL,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX staff_sessions_user ON staff_sessions (user_id);
    `,
  },
  {
    id: 'api/002-files',
    sql: `
      CREATE TABLE files (
        file_code uuid PRIMARY KEY,
        brand_owner_code text NOT NULL,
        purpose text NOT NULL,
        mime text NOT NULL,
        size integer NOT NULL,
        original_name text NOT NULL,
        storage_path text NOT NULL,
        sha256 text NOT NULL,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX files_brand ON files (brand_owner_code, created_at DESC);
    `,
  },
  {
    id: 'api/003-reference-data',
    sql: `
      CREATE TABLE sys_languages (
        code text PRIMARY KEY,
        name_zh text NOT NULL,
        name_en text NOT NULL,
        native_name text NOT NULL,
        sort integer NOT NULL
      );
      CREATE TABLE countries (
        code text PRIMARY KEY,
        name_zh text NOT NULL,
        name_en text NOT NULL,
        sort integer NOT NULL
      );
      CREATE TABLE areas (
        code text PRIMARY KEY,
        country_code text NOT NULL REFERENCES countries(code),
        parent_code text REFERENCES areas(code),
        name_zh text NOT NULL,
        name_en text NOT NULL,
        level integer NOT NULL
      );
      CREATE INDEX areas_country ON areas (country_code, level);
      CREATE TABLE dict_items (
        dict_type text NOT NULL,
        code text NOT NULL,
        name_zh text NOT NULL,
        name_en text NOT NULL,
        sort integer NOT NULL,
        PRIMARY KEY (dict_type, code)
      );
      -- The platform's catalogue of appliance models (factory models).
      CREATE TABLE products (
        product_code text PRIMARY KEY,
        name_zh text NOT NULL,
        name_en text NOT NULL,
        pot_type text NOT NULL,
        factory_model text NOT NULL,
        sort integer NOT NULL
      );
      -- Which catalogue models a brand owner sells.
      CREATE TABLE brand_products (
        brand_owner_code text NOT NULL REFERENCES brands(code),
        product_code text NOT NULL REFERENCES products(product_code),
        PRIMARY KEY (brand_owner_code, product_code)
      );
      CREATE TABLE sub_brands (
        brand_owner_code text NOT NULL REFERENCES brands(code),
        sub_brand_code text NOT NULL,
        name text NOT NULL,
        sort integer NOT NULL DEFAULT 0,
        PRIMARY KEY (brand_owner_code, sub_brand_code)
      );
      -- A sub-brand's models, each under the customer model name it is sold as.
      CREATE TABLE sub_brand_products (
        brand_owner_code text NOT NULL,
        sub_brand_code text NOT NULL,
        product_code text NOT NULL REFERENCES products(product_code),
        customer_model text NOT NULL,
        PRIMARY KEY (brand_owner_code, sub_brand_code, product_code),
        FOREIGN KEY (brand_owner_code, sub_brand_code) REFERENCES sub_brands(brand_owner_code, sub_brand_code) ON DELETE CASCADE
      );
    `,
  },
  {
    id: 'api/004-viewer-role',
    sql: `
      ALTER TABLE staff_users DROP CONSTRAINT staff_users_role_check;
      ALTER TABLE staff_users ADD CONSTRAINT staff_users_role_check
        CHECK (role IN ('admin', 'auditor', 'editor', 'viewer'));
    `,
  },
  {
    id: 'api/005-staff-preferences',
    sql: `
      CREATE TABLE staff_preferences (
        user_id uuid PRIMARY KEY REFERENCES staff_users(id) ON DELETE CASCADE,
        color_scheme text NOT NULL DEFAULT 'auto' CHECK (color_scheme IN ('light', 'dark', 'auto')),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
