import { sessionUserSchema } from '@kb/contracts';
import { describe, expect, it } from '@jest/globals';
import { parseSessionUser } from './session-user.js';

const user = {
  id: 'u1',
  account: 'demo',
  name: 'Demo',
  email: 'demo@example.com',
  role: 'admin',
  brandOwnerCode: 'DEMO',
  brandName: 'Demo brand',
  firstLogin: false,
};

describe('session user', () => {
  it('accepts exactly what the contracts schema accepts', () => {
    const samples: unknown[] = [
      user,
      { ...user, role: 'auditor', extra: 1 },
      { ...user, role: 'boss' },
      { ...user, firstLogin: 'no' },
      { ...user, brandOwnerCode: undefined },
      null,
      'demo',
    ];
    for (const sample of samples) {
      const contract = sessionUserSchema.safeParse(sample);
      expect(parseSessionUser(sample)).toEqual(contract.success ? contract.data : null);
    }
  });
});
