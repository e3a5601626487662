import { ApiError } from '../../lib/api-client.js';

/** A failure the form already shows in its own way (the form page then adds nothing). */
export class ShownInForm extends Error {
  constructor() {
    super('shown in the form');
    this.name = 'ShownInForm';
  }
}

/** 409: the record changed since it was loaded ("only one record can be edited at a time"). */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'conflict';
}

/**
 * Runs a save; a version conflict is handed to `onConflict` (which shows it with "reload") instead of the form's
 * generic failure line. Field errors and other failures go on to the form page.
 */
export async function saveOrReportConflict<T>(save: () => Promise<T>, onConflict: () => void): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isVersionConflict(error)) {
      onConflict();
      throw new ShownInForm();
    }
    throw error;
  }
}
