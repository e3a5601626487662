import { Client, loggedIn, testApiForSuite } from './harness.js';

describe('display preferences', () => {
  const api = testApiForSuite();

  it('answers 401 without a session', async () => {
    const res = await new Client(api.baseUrl, 'en').get('/api/preferences');
    expect(res.status).toBe(401);
  });

  it('starts at auto, keeps a choice per user, and the choice follows the user to another session', async () => {
    const demo = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    expect((await demo.get('/api/preferences')).data).toEqual({ colorScheme: 'auto' });
    expect(await demo.post('/api/preferences', { colorScheme: 'dark' })).toMatchObject({
      status: 200,
      data: { colorScheme: 'dark' },
    });
    const again = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    expect((await again.get('/api/preferences')).data).toEqual({ colorScheme: 'dark' });
    // Another user of the same brand, and a user of another brand, keep their own.
    const editor = await loggedIn(api.baseUrl, 'editor', 'editor12345', 'en');
    expect((await editor.get('/api/preferences')).data).toEqual({ colorScheme: 'auto' });
    const other = await loggedIn(api.baseUrl, 'other', 'other12345', 'en');
    expect((await other.get('/api/preferences')).data).toEqual({ colorScheme: 'auto' });
    await demo.post('/api/preferences', { colorScheme: 'light' });
    expect((await again.get('/api/preferences')).data).toEqual({ colorScheme: 'light' });
  });

  it('refuses an unknown scheme with a field message in the caller’s language', async () => {
    const en = await loggedIn(api.baseUrl, 'viewer', 'viewer12345', 'en');
    const res = await en.post('/api/preferences', { colorScheme: 'purple' });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors.colorScheme).toBeTruthy();
    const zh = await loggedIn(api.baseUrl, 'viewer', 'viewer12345', 'zh');
    const zhRes = await zh.post('/api/preferences', { colorScheme: 'purple' });
    expect(zhRes.status).toBe(400);
    expect(zhRes.desc).toMatch(/[\u4e00-\u9fff]/);
    expect(res.desc).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
