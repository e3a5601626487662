import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { passwordDigest } from './password-digest.js';

describe('password digest', () => {
  it('is the MD5 hex digest the API expects, also for non-ASCII passwords', () => {
    for (const password of ['demo12345', 'Pässwörd密码1']) {
      expect(passwordDigest(password)).toBe(createHash('md5').update(password, 'utf8').digest('hex'));
    }
  });
});
