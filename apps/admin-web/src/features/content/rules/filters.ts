import type { TFunction } from 'i18next';

/** Lists of content filter by online state: all, online, or offline. */
export interface OnlineFilter extends Record<string, unknown> {
  online: string | null;
}

export function onlineOptions(t: TFunction) {
  return [
    { value: 'true', label: t('content.onlineState.true') },
    { value: 'false', label: t('content.onlineState.false') },
  ];
}
