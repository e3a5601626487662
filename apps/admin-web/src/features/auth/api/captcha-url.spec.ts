import { describe, expect, it } from '@jest/globals';
import { PAGE_CAPTCHA_URL } from '@kb/contracts';
import { captchaUrl } from './captcha-url.js';

describe('captchaUrl', () => {
  it("is, for stamp 0, the captcha the server preloads with the login page (the form's first)", () => {
    expect(captchaUrl(0)).toBe(PAGE_CAPTCHA_URL);
  });

  it('is another address for every other stamp', () => {
    expect(captchaUrl(1_795_908_510_164)).not.toBe(captchaUrl(0));
  });
});
