import { bothBrandsForSuite, Client, loggedIn, read } from './harness.js';

interface Hit {
  kind: string;
  id: string;
  title: string;
  detail: string | null;
}

describe('record search (command palette)', () => {
  const { api, demo, other } = bothBrandsForSuite();

  const hits = async (client: Client, q: string) => {
    const res = await read(client, `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.data.hits as Hit[];
  };

  it('answers 401 without a session', async () => {
    expect((await new Client(api.baseUrl, 'en').get('/api/search?q=DM')).status).toBe(401);
  });

  it('finds devices by SN prefix and app users by account, within the brand', async () => {
    const devices = (await hits(demo, 'dmtm6')).filter((h) => h.kind === 'device');
    expect(devices.length).toBeGreaterThan(0);
    expect(devices.every((h) => h.title.startsWith('DMTM6'))).toBe(true);
    expect((await hits(other, 'DMTM6')).filter((h) => h.kind === 'device')).toEqual([]);
    expect((await hits(other, 'OTTM6')).some((h) => h.kind === 'device')).toBe(true);

    const users = (await hits(demo, 'demo-user-1@example.com')).filter((h) => h.kind === 'appUser');
    expect(users[0]).toMatchObject({ kind: 'appUser', title: 'demo-user-1@example.com' });
    expect((await hits(other, 'demo-user-1@example.com')).filter((h) => h.kind === 'appUser')).toEqual([]);
  });

  it('answers every role that may read (a viewer too), a few hits per kind at most', async () => {
    const viewer = await loggedIn(api.baseUrl, 'viewer', 'viewer12345', 'en');
    const found = await hits(viewer, 'DM');
    expect(found.some((h) => h.kind === 'device')).toBe(true);
    const perKind = new Map<string, number>();
    for (const h of found) perKind.set(h.kind, (perKind.get(h.kind) ?? 0) + 1);
    expect(Math.max(...perKind.values())).toBeLessThanOrEqual(5);
  });

  it('refuses an empty or overlong text with a message in the caller’s language', async () => {
    const en = await demo.get('/api/search?q=');
    expect(en).toMatchObject({ status: 400 });
    expect(en.desc).toContain('Enter what to look for');
    const zh = await loggedIn(api.baseUrl, 'editor', 'editor12345', 'zh');
    expect((await zh.get('/api/search')).desc).toContain('请输入要查找的内容');
    const long = await zh.get(`/api/search?q=${'x'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.desc).toContain('查找内容不能超过64个字符');
  });
});
