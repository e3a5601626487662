import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { getI18n } from 'react-i18next';

/** A toast's close button says what it does to a screen reader, in the user's language. */
const closeButton = () => ({ closeButtonProps: { 'aria-label': getI18n().t('common.close') } });

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 3000, withBorder: true, ...closeButton() });
}

/**
 * The notice of a command the screens do not show yet (a spinner and `message`); `applied` turns it into the
 * success toast (or closes it) once they do.
 */
export function notifyApplying(message: string): { applied(desc: string | null): void } {
  const id = notifications.show({
    loading: true,
    message,
    autoClose: false,
    withCloseButton: false,
    withBorder: true,
    'data-testid': 'applying-notice',
  } as Parameters<typeof notifications.show>[0]);
  return {
    applied(desc) {
      if (!desc) return notifications.hide(id);
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        message: desc,
        autoClose: 3000,
        withCloseButton: true,
        ...closeButton(),
        'data-testid': undefined,
      } as Parameters<typeof notifications.update>[0]);
    },
  };
}

/** Failures a screen already shows in its page (a list's or a record's error): their toast is not shown. */
const shownInPage = new WeakSet<object>();

/** How long a failure's toast waits for its screen to claim it (a render or two, after the query settles). */
const CLAIM_WINDOW_MS = 150;

/**
 * Shows a failure in a toast. With its `cause` (the error object), the toast waits a moment: a screen that
 * shows that very failure in place claims it (`showInPage`), and the user then reads it once, not twice.
 */
export function notifyError(message: ReactNode, cause?: unknown): void {
  const show = () =>
    notifications.show({ color: 'red', message, autoClose: 5000, withBorder: true, ...closeButton() });
  if (!cause || typeof cause !== 'object') return void show();
  setTimeout(() => {
    if (!shownInPage.has(cause)) toastOf.set(cause, show());
  }, CLAIM_WINDOW_MS);
}

/** The toast shown for a failure no screen had claimed within the window: a late claim takes it back. */
const toastOf = new WeakMap<object, string>();

/**
 * The screen shows these failures in place: no toast for them (see notifyError). On a slow machine the screen may
 * claim a failure only after its toast was shown: the toast then goes again, so the failure is still said once.
 */
export function showInPage(...causes: unknown[]): void {
  for (const cause of causes) {
    if (!cause || typeof cause !== 'object') continue;
    shownInPage.add(cause);
    const toast = toastOf.get(cause);
    if (toast !== undefined) {
      toastOf.delete(cause);
      notifications.hide(toast);
    }
  }
}

export function notifyWarning(message: string): void {
  notifications.show({ color: 'orange', message, autoClose: 4000, withBorder: true, ...closeButton() });
}
