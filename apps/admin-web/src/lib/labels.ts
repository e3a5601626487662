import { WORK_MODES, type UiLang } from '@kb/contracts';
import { HTML_LANG } from './language.js';

/**
 * The one place where codes a user would otherwise see raw (work modes, language codes, country codes) become
 * words in the user's language. Every screen asks here; a code nobody knows is shown as it came.
 */

/** A §9 work mode (`BOIL`, `FOOD_PROCESSOR`, …) by its name in the user's language. */
export function workModeLabel(code: string | null | undefined, lang: UiLang): string {
  if (!code) return '';
  const mode = WORK_MODES.find((m) => m.code === code);
  if (!mode) return code;
  return lang === 'zh' ? mode.nameZh : mode.nameEn;
}

function displayName(type: 'language' | 'region', code: string, lang: UiLang): string {
  try {
    return new Intl.DisplayNames([HTML_LANG[lang]], { type, fallback: 'code' }).of(code) ?? code;
  } catch {
    // Not a well-formed code (devices send free text): shown as sent.
    return code;
  }
}

/** A content language (`zh`, `en`, `de`, …) by its name in the user's language ("中文", "English"). */
export function languageLabel(code: string | null | undefined, lang: UiLang): string {
  return code ? displayName('language', code, lang) : '';
}

/** A country (ISO 3166 `CN`, `DE`, …) by its name in the user's language ("中国", "China"). */
export function countryLabel(code: string | null | undefined, lang: UiLang): string {
  if (!code) return '';
  return /^[A-Za-z]{2}$/.test(code) ? displayName('region', code.toUpperCase(), lang) : code;
}

/**
 * A recipe's state in the same words on every screen (list, filters, badges, history, online categories): the
 * features' catalogs take their state names from here.
 */
export const RECIPE_STATUS_NAMES = {
  zh: {
    editing: '编辑中',
    waiting_release: '待发布',
    released: '已发布',
    recycle_bin: '回收站',
    cleared: '已清除',
  },
  en: {
    editing: 'Editing',
    waiting_release: 'Waiting for release',
    released: 'Released',
    recycle_bin: 'Recycle bin',
    cleared: 'Cleared',
  },
} satisfies Record<UiLang, Record<string, string>>;
