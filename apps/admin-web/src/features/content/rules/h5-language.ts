export type H5Lang = 'zh' | 'en';

/** The page's language: `?lang=` when it is zh or en, else the phone's (zh* → zh, anything else → en). */
export function h5Language(asked: unknown, phone: string | undefined): H5Lang {
  if (asked === 'zh' || asked === 'en') return asked;
  return phone?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
