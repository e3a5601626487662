import { md5 } from 'js-md5';

/** §5: the password travels as its MD5 hex digest (the server hashes that digest again with a slow hash). */
export function passwordDigest(password: string): string {
  return md5(password);
}
