import { ApiError } from './api-client.js';
import { notifyError } from './notify.js';

/** Says a refused command's reason (the API's message) in a toast on this screen; an ended session is the login's. */
export function toastRefusal(error: unknown): void {
  if (error instanceof ApiError && error.status !== 401) notifyError(error.desc);
}

/**
 * A quiet command (a 403 of a rule such as four eyes is not the no-permission page) whose refusal is said in a
 * toast and passed on to the caller.
 */
export async function sayingRefusal<T>(sending: Promise<T>): Promise<T> {
  try {
    return await sending;
  } catch (error) {
    toastRefusal(error);
    throw error;
  }
}
