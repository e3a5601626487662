import { UI_LANGS } from '@kb/contracts';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage, savedLanguage } from '../../lib/language.js';
import { enCatalog, zhCatalog } from './catalogs.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCatalog };
  }
}

dayjs.extend(localizedFormat);

export const i18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  const lang = savedLanguage();
  applyLanguage(lang);
  await i18n.use(initReactI18next).init({
    resources: { zh: { translation: zhCatalog }, en: { translation: enCatalog } },
    lng: lang,
    fallbackLng: 'zh',
    supportedLngs: [...UI_LANGS],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}
