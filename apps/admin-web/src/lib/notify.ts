import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 3000, withBorder: true });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: 5000, withBorder: true });
}

export function notifyWarning(message: string): void {
  notifications.show({ color: 'orange', message, autoClose: 4000, withBorder: true });
}
