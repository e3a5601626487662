import { describe, expect, it } from '@jest/globals';
import { ApiError, buildUrl, isNotLoggedIn } from './api-client.js';

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
