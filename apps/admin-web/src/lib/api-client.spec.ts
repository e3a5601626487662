import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import {
  api,
  ApiError,
  buildUrl,
  commandsApplying,
  isNotLoggedIn,
  ReadPosition,
  readPosition,
} from './api-client.js';
import { callsServedBy, configureApiForTests } from './api-client-for-tests.js';

describe('API client', () => {
  it('treats a 401, and a 500 saying "not logged in", as an ended session (§8)', () => {
    expect(isNotLoggedIn(401, '')).toBe(true);
    expect(isNotLoggedIn(500, '未登录，请重新登录')).toBe(true);
    expect(isNotLoggedIn(500, 'Not logged in, please log in again')).toBe(true);
    expect(isNotLoggedIn(500, 'Internal server error')).toBe(false);
    expect(isNotLoggedIn(403, 'not logged in')).toBe(false);
  });

  it('puts calls under /api with only the query values that are set', () => {
    expect(buildUrl('/common/loadDict', { dictTypeFlag: 'WORK_MODE', empty: '', none: undefined })).toBe(
      '/api/common/loadDict?dictTypeFlag=WORK_MODE',
    );
    expect(buildUrl('auth/me')).toBe('/api/auth/me');
    expect(buildUrl('/x', { onPage: false, pageNum: 2 })).toBe('/api/x?onPage=false&pageNum=2');
  });

  it('exposes the field errors of a validation answer', () => {
    const error = new ApiError(400, 'Invalid input', { fieldErrors: { email: 'Email not added to system' } });
    expect(error.fieldErrors).toEqual({ email: 'Email not added to system' });
    expect(new ApiError(500, 'x').fieldErrors).toEqual({});
  });
});

describe('read-your-writes position (one for every feature)', () => {
  const answer = (headers: Record<string, string>) => new Headers(headers);

  it('sends the newest position a command answered, whatever order the answers came in', () => {
    const position = new ReadPosition();
    expect(position.headers()).toEqual({});
    position.observe(undefined, answer({ 'x-read-position': '7.120' }));
    expect(position.headers()).toEqual({ 'x-read-position': '7.120' });
    // An older command's answer arriving late does not move the position back.
    position.observe(undefined, answer({ 'x-read-position': '6.900' }));
    expect(position.headers()).toEqual({ 'x-read-position': '7.120' });
    position.observe(undefined, answer({ 'x-read-position': '7.121' }));
    expect(position.headers()).toEqual({ 'x-read-position': '7.121' });
    position.observe(undefined, answer({ 'x-read-position': 'garbage' }));
    expect(position.headers()).toEqual({ 'x-read-position': '7.121' });
  });

  it('stops sending a position once the read models reached it, but not an older one', () => {
    const position = new ReadPosition();
    position.observe(undefined, answer({ 'x-read-position': '3.10' }));
    position.observe('3.9', answer({ 'x-read-position-reached': 'true' }));
    expect(position.headers()).toEqual({ 'x-read-position': '3.10' });
    position.observe('3.10', answer({ 'x-read-position-reached': 'false' }));
    expect(position.headers()).toEqual({ 'x-read-position': '3.10' });
    position.observe('3.10', answer({ 'x-read-position-reached': 'true' }));
    expect(position.headers()).toEqual({});
  });

  describe('through api() against an HTTP server', () => {
    let server: Server;
    let restoreFetch: () => void;
    const seen: { method: string; url: string; position: string | undefined }[] = [];
    /** What the client did besides its requests: refetches, notices, toasts (in order, with the requests). */
    const steps: string[] = [];
    /** How many more waits the read models stay behind the command. */
    let behind = 0;
    const shownErrors: ApiError[] = [];

    beforeAll(async () => {
      server = createServer((req, res) => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/api/broken') {
          res.statusCode = 500;
          res.setHeader('x-request-id', 'req-7f3a');
          return res.end(JSON.stringify({ status: 500, desc: 'Internal error', data: null }));
        }
        seen.push({ method: req.method!, url: req.url!, position: req.headers['x-read-position'] as string });
        if (req.method === 'POST') res.setHeader('x-read-position', '42.4242');
        else if (req.headers['x-read-position']) {
          const reached = behind <= 0;
          behind -= 1;
          steps.push(`wait ${reached}`);
          res.setHeader('x-read-position-reached', String(reached));
        }
        res.end(JSON.stringify({ status: 200, desc: 'ok', data: { url: req.url } }));
      });
      restoreFetch = (await callsServedBy(server)).restore;
      configureApiForTests({
        onError: (_desc, error) => void shownErrors.push(error),
        onSuccess: (desc) => void steps.push(`success ${desc}`),
        onApplying: () => {
          steps.push('applying');
          return { applied: (desc) => void steps.push(`applied ${desc}`) };
        },
        refreshScreens: async () => void steps.push(`refresh (applying: ${commandsApplying.any()})`),
      });
    });

    it('a failed call carries the id the server gave the request, for the toast to show', async () => {
      await expect(api('/broken')).rejects.toMatchObject({ status: 500, requestId: 'req-7f3a' });
      expect(shownErrors.at(-1)).toMatchObject({ desc: 'Internal error', requestId: 'req-7f3a' });
    });

    afterAll(async () => {
      restoreFetch();
      await new Promise((resolve) => server.close(resolve));
    });

    it('a command resolves once the read models show it: the screens refetch, then its success shows', async () => {
      readPosition.forget();
      seen.length = 0;
      steps.length = 0;
      behind = 0;
      await api('/recipe/save', { json: { number: 'R1' } });
      await api('/subApk/list');
      expect(seen.map(({ method, url, position }) => [method, url, position])).toEqual([
        ['POST', '/api/recipe/save', undefined],
        ['GET', '/api/auth/me', '42.4242'],
        // The read models reached it: no more waiting.
        ['GET', '/api/subApk/list', undefined],
      ]);
      expect(steps).toEqual(['wait true', 'refresh (applying: true)', 'success ok']);
      expect(commandsApplying.any()).toBe(false);
    });

    it('a read side behind the read wait gets an "applying" notice that turns into the success', async () => {
      readPosition.forget();
      seen.length = 0;
      steps.length = 0;
      behind = 2;
      let settled = false;
      const command = api('/subApk/auditPass', { json: { id: 'a' } }).then(() => (settled = true));
      // Until the read models show it, the command is not done and the record's buttons are held.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(settled).toBe(false);
      await command;
      expect(steps).toEqual([
        'wait false',
        'wait false',
        'wait true',
        'refresh (applying: true)',
        'success ok',
      ]);
      expect(seen.filter((s) => s.url === '/api/auth/me').map((s) => s.position)).toEqual([
        '42.4242',
        '42.4242',
        '42.4242',
      ]);
      expect(commandsApplying.any()).toBe(false);
    });
  });
});
