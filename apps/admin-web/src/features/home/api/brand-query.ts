import { getStoredUser } from '../../../lib/session.js';

/** The home loads name the brand (§7); the server checks it is the caller's own. */
export function brandOwnerCode(): string | undefined {
  return getStoredUser()?.brandOwnerCode;
}
