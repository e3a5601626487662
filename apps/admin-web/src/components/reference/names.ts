import type { BrandLanguage, Names } from '@kb/contracts';

/** The brand's languages as multilingual forms offer them: the main language first, then the others. */
export function brandLanguagesOf(all: readonly BrandLanguage[]): BrandLanguage[] {
  return [...all.filter((l) => l.supported && l.main), ...all.filter((l) => l.supported && !l.main)];
}

/** A form's name fields: one per brand language, holding what the record has in that language. */
export function namesForForm(
  languages: readonly Pick<BrandLanguage, 'langCode'>[],
  names: Names = {},
): Record<string, string> {
  return Object.fromEntries(languages.map(({ langCode }) => [langCode, names[langCode] ?? '']));
}

/**
 * The names a form sends: trimmed, empty ones left out, and only in the brand's languages (a name kept in a
 * language the brand has since dropped would be refused by the server).
 */
export function namesToSend(names: Record<string, string>, langs: readonly string[]): Names {
  const sent: Names = {};
  for (const lang of langs) {
    const name = names[lang]?.trim();
    if (name) sent[lang] = name;
  }
  return sent;
}
