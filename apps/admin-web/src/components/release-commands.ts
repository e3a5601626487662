import type { ConfirmKind } from './confirm.js';

/**
 * The release commands an APK package and an offline pack share, each under its own path: to the test devices
 * and back, online and back, and delete; each with the §8 confirmation asked first.
 */
export const RELEASE_COMMANDS = {
  publishTest: { route: 'updateTestStatus', body: { testing: true }, confirm: 'releaseTest' },
  cancelTest: { route: 'updateTestStatus', body: { testing: false }, confirm: 'cancelTest' },
  publishOnline: { route: 'updateReleaseStatus', body: { online: true }, confirm: 'releaseOnline' },
  cancelOnline: { route: 'updateReleaseStatus', body: { online: false }, confirm: 'cancelOnline' },
  delete: { route: 'delete', confirm: 'delete' },
} as const satisfies Record<string, { route: string; body?: object; confirm: ConfirmKind }>;
