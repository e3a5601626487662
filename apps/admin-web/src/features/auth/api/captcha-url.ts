/**
 * `GET /api/auth/captcha`: a PNG bound to this browser; a new stamp loads a new one. Stamp 0 is the one the server
 * has the browser preload with a login page opened by its address (`PAGE_CAPTCHA_URL`): the document's first login
 * form shows it, as a second ask would bind another code and download again.
 */
export function captchaUrl(stamp: number): string {
  return `/api/auth/captcha?t=${stamp}`;
}
