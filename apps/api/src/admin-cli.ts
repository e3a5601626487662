import { parseArgs } from 'node:util';
import { STAFF_ROLES, staffInviteSchema, type StaffRole } from '@kb/contracts';
import { createPool } from '@kb/platform';
import type pg from 'pg';
import { AppError } from './common/app-error.js';
import { registerMessages, translate } from './common/messages.js';
import { prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';
import {
  createBrand,
  DEFAULT_BRAND_LANGUAGES,
  setBrandDisabled,
} from './modules/staff/brand-provisioning.js';
import { STAFF_API_MESSAGES } from './modules/staff/staff-api.messages.js';
import {
  createStaff,
  OPERATOR,
  setStaffDisabled,
  staffIdOf,
  updateStaff,
} from './modules/staff/staff-accounts.js';

registerMessages(STAFF_API_MESSAGES);

const USAGE = `The platform operator's commands, on the database of DATABASE_URL:

  npm run admin -- brand create --code ACME --name "Acme Kitchen" [--company "Acme Ltd"]
                                [--languages zh,en] [--products TM-6,AF-5]
      a usable brand: its languages (main first; default zh,en), the catalogue models it sells (default all),
      and its devices' activation key, printed once (only its hash is kept)
  npm run admin -- brand disable --code ACME    its staff are disabled and their sessions end
  npm run admin -- brand enable --code ACME     its accounts may be enabled again (staff enable)
  npm run admin -- staff create --brand ACME --account alice --email alice@acme.example --name Alice
                                --role admin|editor|auditor|viewer
      an account without a password: its owner sets one on the login page's "first login" with that email
  npm run admin -- staff role --brand ACME --account alice --role editor
  npm run admin -- staff disable --brand ACME --account alice
  npm run admin -- staff enable --brand ACME --account alice
`;

class UsageError extends Error {}

function need(values: Record<string, string | undefined>, name: string): string {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function role(value: string): StaffRole {
  if (!(STAFF_ROLES as readonly string[]).includes(value))
    throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  return value as StaffRole;
}

async function run(pool: pg.Pool, args: string[]): Promise<string> {
  const [area, verb, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      code: { type: 'string' },
      name: { type: 'string' },
      company: { type: 'string' },
      languages: { type: 'string' },
      products: { type: 'string' },
      brand: { type: 'string' },
      account: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
    },
  });
  const command = `${area} ${verb}`;
  if (command === 'brand create') {
    const code = need(values, 'code');
    const { activationKey } = await createBrand(pool, {
      code,
      name: need(values, 'name'),
      company: values.company ?? null,
      languages: list(values.languages) ?? DEFAULT_BRAND_LANGUAGES,
      products: list(values.products),
    });
    return (
      `Brand ${code} created.\n` +
      `Device activation key (shown this once; devices send it as x-activation-key to /device/v1/activate):\n` +
      `${activationKey}\n` +
      `Next: npm run admin -- staff create --brand ${code} --account <account> --email <email> --name <name> --role admin`
    );
  }
  if (command === 'brand disable' || command === 'brand enable') {
    const code = need(values, 'code');
    const { staff } = await setBrandDisabled(pool, code, verb === 'disable');
    return verb === 'disable'
      ? `Brand ${code} disabled; ${staff} staff account(s) disabled and signed out.`
      : `Brand ${code} enabled; enable its accounts with: npm run admin -- staff enable --brand ${code} --account <account>`;
  }
  if (area === 'staff' && verb && ['create', 'role', 'disable', 'enable'].includes(verb)) {
    const brand = need(values, 'brand');
    const account = need(values, 'account');
    if (verb === 'create') {
      // The same rules as an invitation from the staff screen.
      const input = staffInviteSchema.safeParse({
        account,
        email: need(values, 'email'),
        name: need(values, 'name'),
        role: role(need(values, 'role')),
      });
      if (!input.success) throw new AppError(400, input.error.issues[0]!.message);
      const staff = await createStaff(pool, brand, input.data, OPERATOR, 'created');
      return (
        `Account ${staff.account} (${staff.role}) created in ${brand}. Its owner sets a password on the login ` +
        `page: "first login", with the email ${staff.email}.`
      );
    }
    const id = await staffIdOf(pool, brand, account);
    if (verb === 'role') {
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM staff_users WHERE id = $1', [id]);
      const staff = await updateStaff(
        pool,
        brand,
        id,
        { name: rows[0]!.name, role: role(need(values, 'role')) },
        OPERATOR,
      );
      return `Account ${staff.account} of ${brand} is now ${staff.role}.`;
    }
    const staff = await setStaffDisabled(pool, brand, id, verb === 'disable', OPERATOR);
    return verb === 'disable'
      ? `Account ${staff.account} of ${brand} disabled; its sessions ended.`
      : `Account ${staff.account} of ${brand} enabled.`;
  }
  throw new UsageError(args.length ? `unknown command: ${args.join(' ')}` : 'no command given');
}

async function main() {
  const args = process.argv.slice(2);
  if (!args.length || args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
  // A fresh database gets its schema and the platform's reference data (languages, model catalogue) first.
  await prepareDatabase(config);
  const pool = createPool(config.DATABASE_URL, { max: 2, applicationName: 'kitchen-admin-cli' });
  try {
    process.stdout.write(`${await run(pool, args)}\n`);
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof AppError) {
    // The operator may read either language: both are printed.
    process.stderr.write(
      `Refused: ${translate(error.code, 'en', error.params) ?? error.code}\n` +
        `拒绝：${translate(error.code, 'zh', error.params) ?? error.code}\n`,
    );
    process.exit(1);
  }
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
