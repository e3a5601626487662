import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { ModulesContainer, NestFactory, Reflector } from '@nestjs/core';
import {
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  PERMISSION_ROLES,
  PERMISSIONS,
  roleCan,
  STAFF_ROLES,
  type Permission as PermissionName,
  type StaffRole,
} from '@kb/contracts';
import { Permission } from '../src/common/permission.decorator.js';
import { Public } from '../src/common/public.decorator.js';
import { routesWithoutPermission } from '../src/modules/auth/auth.guard.js';
import {
  command,
  loggedIn,
  PUBLIC_ROUTES,
  startTestApi,
  uploadImage,
  type Client,
  type TestApi,
} from './harness.js';

interface Operation {
  'x-permission'?: PermissionName;
  parameters?: { name: string; in: string }[];
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

const ACCOUNTS: Record<StaffRole, [string, string]> = {
  admin: ['demo', 'demo12345'],
  editor: ['editor', 'editor12345'],
  auditor: ['audit', 'audit12345'],
  viewer: ['viewer', 'viewer12345'],
};

const RECIPE = {
  type: 'SOUP',
  mainLang: 'zh',
  langs: ['zh'],
  texts: { zh: { name: '权限测试汤' } },
  servingVersions: [
    {
      servings: 2,
      ingredients: [{ names: { zh: '排骨' }, quantity: 300 }],
      steps: [{ number: 1, workMode: 'SLOW_COOK', minutes: 60, descriptions: { zh: '慢炖' } }],
    },
  ],
  difficulty: 'easy',
  productCodes: ['TM-6'],
};

const README = path.join(path.dirname(fileURLToPath(import.meta.url)), '../README.md');
const TABLE_START = '<!-- permission-matrix:start (written by test/permissions.spec.ts) -->';
const TABLE_END = '<!-- permission-matrix:end -->';
const ROLE_COLUMNS: StaffRole[] = ['admin', 'editor', 'auditor', 'viewer'];

/** The README's matrix: one row per permission, a mark per role, and the routes that name it. */
function matrixTable(routesOf: (permission: PermissionName) => string[]): string {
  const rows = Object.entries(PERMISSION_GROUPS).flatMap(([group, permissions]) =>
    permissions.map((permission: PermissionName) => {
      const routes = routesOf(permission);
      const shown =
        permission === 'read'
          ? ['every other `GET`', ...routes.filter((r) => !r.startsWith('GET '))]
          : routes;
      const marks = ROLE_COLUMNS.map((role) => (roleCan(role, permission) ? '✓' : '—'));
      return `| ${group} | \`${permission}\` | ${PERMISSION_LABELS[permission].en} | ${marks.join(' | ')} | ${shown
        .map((r) => (r.startsWith('every') ? r : `\`${r.replace(' /api', ' ')}\``))
        .join(', ')} |`;
    }),
  );
  return [
    `| group | permission | allows | ${ROLE_COLUMNS.join(' | ')} | routes |`,
    `| --- | --- | --- | ${ROLE_COLUMNS.map(() => ':-:').join(' | ')} | --- |`,
    ...rows,
  ].join('\n');
}

/** A markdown table's cells, whatever padding a formatter gave it. */
const cells = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim())
        .map((cell) => (/^:?-+:?$/.test(cell) ? cell.replace(/-+/, '-') : cell)),
    );

describe('roles and permissions', () => {
  let api: TestApi;
  let doc: OpenApiDoc;
  const as = {} as Record<StaffRole, Client>;
  beforeAll(async () => {
    api = await startTestApi();
    for (const role of STAFF_ROLES) {
      const [account, password] = ACCOUNTS[role];
      as[role] = await loggedIn(api.baseUrl, account, password, role === 'viewer' ? 'zh' : 'en');
      expect((await as[role].get('/api/auth/me')).data.user.role).toBe(role);
    }
    doc = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as OpenApiDoc;
  });
  afterAll(() => api.stop());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        route: `${method.toUpperCase()} ${path}`,
        method,
        path,
        op,
      })),
    );

  it('names a permission of the matrix on every route but the public ones', () => {
    const unnamed = operations()
      .filter(({ op }) => !op['x-permission'])
      .map(({ route }) => route);
    expect(unnamed.sort()).toEqual([...PUBLIC_ROUTES].sort());
    for (const { op } of operations())
      if (op['x-permission']) expect(PERMISSIONS).toContain(op['x-permission']);
  });

  it('leaves releasing to devices to auditors and admins, and the viewer only reads and its own account', () => {
    const permissionOf = (route: string) =>
      operations().find((o) => o.route === route)?.op['x-permission'] as PermissionName;
    for (const route of [
      'POST /api/recipe/batchRelease',
      'POST /api/recipe/batchUpdateOnlineStatus',
      'POST /api/subApk/updateTestStatus',
      'POST /api/subApk/updateReleaseStatus',
      'POST /api/subApk/auditPass',
      'POST /api/offlineRecipes/updateTestStatus',
      'POST /api/offlineRecipes/updateReleaseStatus',
    ])
      expect([route, [...PERMISSION_ROLES[permissionOf(route)]].sort()]).toEqual([
        route,
        ['admin', 'auditor'],
      ]);
    const viewerMay = PERMISSIONS.filter((p) => roleCan('viewer', p));
    expect(viewerMay).toEqual(['account.self', 'read']);
    expect(permissionOf('POST /api/sysUser/updatePassword')).toBe('account.self');
    expect(PERMISSION_ROLES['recipe.clear']).toEqual(['admin']);
    expect(PERMISSION_ROLES['language.edit']).toEqual(['admin']);
    expect(PERMISSION_ROLES['device.edit']).toEqual(['admin']);
  });

  it('walks every operation as each role: 403 exactly where the matrix denies it', async () => {
    const mismatches: string[] = [];
    let denied = 0;
    let allowed = 0;
    for (const { route, method, path, op } of operations()) {
      const permission = op['x-permission'];
      if (!permission || route === 'POST /api/auth/logout') continue;
      const query = new URLSearchParams();
      // Minimal input; the caller's own brand where a route names one (another brand's is a 403 of its own).
      for (const param of op.parameters ?? [])
        if (param.in === 'query') query.set(param.name, param.name === 'brandOwnerCode' ? 'DEMO' : '1');
      const url = query.size ? `${path}?${query}` : path;
      for (const role of STAFF_ROLES) {
        const client = as[role];
        const res = await client.request(method.toUpperCase(), url, method === 'post' ? { json: {} } : {});
        const may = roleCan(role, permission);
        if (may) {
          allowed++;
          if (res.status === 403 || res.status === 401)
            mismatches.push(`${role} ${route} (${permission}): ${res.status}, expected allowed`);
          // An event stream never ends by itself: its opening answer is the fact to check.
          if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
          else await res.arrayBuffer();
          continue;
        }
        denied++;
        const body = (await res.json().catch(() => null)) as { status: number; desc: string } | null;
        const wanted = client.lang === 'zh' ? '没有权限' : 'No permission';
        if (res.status !== 403 || body?.status !== 403 || !body.desc.includes(wanted))
          mismatches.push(`${role} ${route} (${permission}): ${res.status} ${body?.desc}, expected 403`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every role met both answers, so the walk compared something.
    expect(denied).toBeGreaterThan(100);
    expect(allowed).toBeGreaterThan(300);
  });

  it('refuses an editor the release of its own recipe whatever it sends; an auditor releases it', async () => {
    const pictureFileCode = await uploadImage(as.editor);
    const created = await command(as.editor, '/api/recipe/add', {
      ...RECIPE,
      number: 'PERM-1',
      pictureFileCode,
    });
    expect(created.status).toBe(200);
    const id = created.data.id as string;
    expect((await command(as.editor, '/api/recipe/submit', { id })).status).toBe(200);

    const refused = await command(as.editor, '/api/recipe/batchRelease', { ids: [id] });
    expect({ http: refused.http, status: refused.status, desc: refused.desc }).toEqual({
      http: 403,
      status: 403,
      desc: 'No permission: the editor role may not release recipes to devices, recall them, set online and paid status (batch)',
    });
    // Refused before its input is read: a malformed body gets the same 403, not a 400.
    expect((await command(as.editor, '/api/recipe/batchRelease', { ids: 'nonsense' })).http).toBe(403);
    // Still waiting for release: the auditor's release (allowed only from there) succeeds.
    const released = await command(as.auditor, '/api/recipe/batchRelease', { ids: [id] });
    expect({ http: released.http, succeeded: released.data.succeeded }).toEqual({ http: 200, succeeded: 1 });
  });

  it('leaves entering a review to the admin; the auditor moderates reviews but does not enter them', async () => {
    const add = (role: StaffRole) => command(as[role], '/api/recipeUserEvaluation/add', { sn: 'SN-1' });
    const auditor = await add('auditor');
    expect({ http: auditor.http, desc: auditor.desc }).toEqual({
      http: 403,
      desc: 'No permission: the auditor role may not enter a review on an app user’s behalf',
    });
    expect((await add('editor')).http).toBe(403);
    // The admin passes the permission; the incomplete review is then refused for what it lacks.
    expect((await add('admin')).http).toBe(400);
    const moderated = await command(as.auditor, '/api/recipeUserEvaluation/delete', { id: randomUUID() });
    expect(moderated.http).not.toBe(403);
  });

  it('refuses the viewer any change, in its language, and lets it change its own password', async () => {
    const refused = await command(as.viewer, '/api/recipeTag/add', { number: 'T-VIEW', names: { zh: '看' } });
    expect({ http: refused.http, desc: refused.desc }).toEqual({
      http: 403,
      desc: '没有权限：只读角色不能维护食谱标签',
    });
    const changed = await command(as.viewer, '/api/sysUser/updatePassword', {
      originalPassword: 'a4c1e9e0b7dfd5f6f8f0d4c4b1a1c0e2',
      newPassword: 'viewer67890',
      confirmPassword: 'viewer67890',
    });
    // Wrong original password: the route was reached (400), not refused (403).
    expect(changed.http).toBe(400);
  });

  it('keeps the API README’s matrix equal to the code’s (WRITE_PERMISSION_TABLE=1 rewrites it)', async () => {
    const routesOf = (permission: PermissionName) =>
      operations()
        .filter(({ op }) => op['x-permission'] === permission)
        .map(({ route }) => route);
    const table = matrixTable(routesOf);
    const readme = await readFile(README, 'utf8');
    const start = readme.indexOf(TABLE_START);
    const end = readme.indexOf(TABLE_END);
    expect({ start: start >= 0, end: end > start }).toEqual({ start: true, end: true });
    const written = readme.slice(start + TABLE_START.length, end).trim();
    if (process.env.WRITE_PERMISSION_TABLE === '1' && written !== table)
      await writeFile(
        README,
        `${readme.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${readme.slice(end)}`,
      );
    else expect(cells(written)).toEqual(cells(table));
  });

  it('finds every route without a permission, and none in the application', async () => {
    @Controller('bare')
    class BareController {
      @Get('open')
      @Public()
      open() {}
      @Get('read')
      @Permission('read')
      read() {}
      @Post('forgotten')
      forgotten() {}
    }
    @Permission('read')
    @Controller('covered')
    class CoveredController {
      @Get('list')
      list() {}
    }
    @Module({ controllers: [BareController, CoveredController] })
    class BareModule {}
    const bare = await NestFactory.create(BareModule, { logger: false });
    try {
      expect(routesWithoutPermission(bare.get(ModulesContainer), new Reflector())).toEqual([
        'BareController.forgotten',
      ]);
    } finally {
      await bare.close();
    }
    expect(routesWithoutPermission(api.app.get(ModulesContainer), new Reflector())).toEqual([]);
  });
});
