import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { callsServedBy, configureApiForTests } from './api-client-for-tests.js';
import { call } from './call.js';

describe('the route-typed client against an HTTP server', () => {
  let server: Server;
  let restoreFetch: () => void;
  const seen: { method: string; url: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body });
        res.setHeader('content-type', 'application/json');
        const whole = req.url!.includes('onPage=false');
        res.end(
          JSON.stringify({ status: 200, desc: 'ok', data: whole ? [{ id: 'c1' }] : { list: [], total: 0 } }),
        );
      });
    });
    restoreFetch = (await callsServedBy(server)).restore;
    configureApiForTests();
  });

  afterAll(async () => {
    restoreFetch();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks a list for its whole answer with onPage=false, its empty filters left out', async () => {
    seen.length = 0;
    const categories = await call.whole('/recipeCategory/list', { name: 'Soup', number: '' });
    expect(categories).toEqual([{ id: 'c1' }]);
    expect(seen).toEqual([
      { method: 'GET', url: '/api/recipeCategory/list?name=Soup&onPage=false', body: '' },
    ]);
  });

  it('sends a command its input as the JSON body of its route', async () => {
    seen.length = 0;
    await call.post(
      '/recipe/batchUpdateOnlineStatus',
      { ids: ['r1'], online: true },
      { successMessage: false },
    );
    expect(seen).toEqual([
      { method: 'POST', url: '/api/recipe/batchUpdateOnlineStatus', body: '{"ids":["r1"],"online":true}' },
    ]);
  });
});
