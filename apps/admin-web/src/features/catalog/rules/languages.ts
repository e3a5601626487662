import type { BrandLanguage } from '@kb/contracts';

/** The language settings being edited: the languages chosen and the main one among them. */
export interface LanguageChoice {
  langs: string[];
  mainLang: string | null;
}

export function choiceOf(all: readonly BrandLanguage[]): LanguageChoice {
  return {
    langs: all.filter((l) => l.supported).map((l) => l.langCode),
    mainLang: all.find((l) => l.main && l.supported)?.langCode ?? null,
  };
}

/** Ticks or unticks a language; unticking the main language hands "main" to the first one still chosen. */
export function toggleLanguage(choice: LanguageChoice, code: string, on: boolean): LanguageChoice {
  if (on) {
    if (choice.langs.includes(code)) return choice;
    return { langs: [...choice.langs, code], mainLang: choice.mainLang ?? code };
  }
  const langs = choice.langs.filter((l) => l !== code);
  return { langs, mainLang: choice.mainLang === code ? (langs[0] ?? null) : choice.mainLang };
}

/** Makes a language the main one (choosing it as well). */
export function chooseMain(choice: LanguageChoice, code: string): LanguageChoice {
  return { langs: choice.langs.includes(code) ? choice.langs : [...choice.langs, code], mainLang: code };
}

/** Why the choice cannot be saved (an error code of the catalog), or null. */
export function choiceProblem(choice: LanguageChoice): 'lang_required' | 'main_lang_required' | null {
  if (choice.langs.length === 0) return 'lang_required';
  if (!choice.mainLang || !choice.langs.includes(choice.mainLang)) return 'main_lang_required';
  return null;
}
