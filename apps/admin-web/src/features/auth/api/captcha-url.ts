/** `GET /api/auth/captcha`: a PNG bound to this browser; a new stamp loads a new one. */
export function captchaUrl(stamp: number): string {
  return `/api/auth/captcha?t=${stamp}`;
}
