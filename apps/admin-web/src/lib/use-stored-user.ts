import type { SessionUser } from '@kb/contracts';
import { useSyncExternalStore } from 'react';
import { getStoredUser, subscribeToLogin } from './session.js';

export function useStoredUser(): SessionUser | null {
  return useSyncExternalStore(subscribeToLogin, getStoredUser, getStoredUser);
}
