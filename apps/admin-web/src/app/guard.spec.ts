import { describe, expect, it } from '@jest/globals';
import { afterLogin, safeRedirect } from '../lib/redirect.js';
import { guard } from './guard.js';

describe('route guard', () => {
  it('sends anyone without a stored login to /login, remembering the page asked for', () => {
    expect(guard('/recipe-list', '/recipe-list?page=2', false)).toEqual({
      kind: 'login',
      redirect: '/recipe-list?page=2',
    });
    expect(guard('/unknown-page', '/unknown-page', false)).toEqual({
      kind: 'login',
      redirect: '/unknown-page',
    });
  });

  it('does not bother remembering the root or Home', () => {
    expect(guard('/', '/', false)).toEqual({ kind: 'login', redirect: undefined });
    expect(guard('/home', '/home', false)).toEqual({ kind: 'login', redirect: undefined });
  });

  it('lets /login, /set-password and /h5/index.html through without a login', () => {
    expect(guard('/login', '/login', false)).toEqual({ kind: 'allow' });
    expect(guard('/set-password', '/set-password?flag=forget', false)).toEqual({ kind: 'allow' });
    expect(guard('/set-password/', '/set-password/', false)).toEqual({ kind: 'allow' });
    expect(guard('/h5/index.html', '/h5/index.html', false)).toEqual({ kind: 'allow' });
  });

  it('lets a stored login through everywhere', () => {
    expect(guard('/recipe-list', '/recipe-list', true)).toEqual({ kind: 'allow' });
    expect(guard('/login', '/login', true)).toEqual({ kind: 'allow' });
  });

  it('only returns to pages of this app after login', () => {
    expect(afterLogin('/banner/edit?id=3')).toBe('/banner/edit?id=3');
    expect(afterLogin(undefined)).toBe('/home');
    expect(afterLogin('https://evil.example/')).toBe('/home');
    expect(afterLogin('//evil.example/')).toBe('/home');
    expect(afterLogin('/\\evil.example')).toBe('/home');
    expect(afterLogin('/login?redirect=/x')).toBe('/home');
    expect(safeRedirect(42)).toBeNull();
  });
});
