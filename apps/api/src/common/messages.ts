import { readFileSync } from 'node:fs';
import type { UiLang } from '@kb/contracts';
import i18next, { type FormatFunction, type FormatterModule } from 'i18next';

/**
 * Every `desc` the API can answer, in zh and en, is one i18next catalog (namespace `api`), the same mechanism as
 * the web's: keys are the error codes of libs/contracts and the zod messages of its schemas, placeholders
 * (`{name}`, `{name:table}`, `{name:table[]}`) are filled from the error's params (see `translate`). The messages
 * every module shares are `messages.json` here; each module adds its own with `registerMessages` where it is
 * declared.
 */
export type MessageCatalog = Record<string, Words>;

/** Words in zh and en. */
export type Words = Record<UiLang, string>;

/** Word tables by name: a key (a state, an action, an event type…) → its words. */
export type WordTables = Record<string, Record<string, Words>>;

/** A JSON file beside the module that reads it (`moduleUrl`: its `import.meta.url`); the build copies it there. */
function dataBeside<T>(moduleUrl: string, file: string): T {
  return JSON.parse(readFileSync(new URL(file, moduleUrl), 'utf8')) as T;
}

/** A catalog file beside the module that reads it: code → words in zh and en, kept as data as the web keeps its words. */
export const messagesOf = (moduleUrl: string, file: string) => dataBeside<MessageCatalog>(moduleUrl, file);

/**
 * Word tables kept as data beside the module that reads them, as its messages are: `{param:table}` placeholders
 * name them (`registerWords`), and the module reads its own words from them (event titles, state names).
 */
export const wordsOf = (moduleUrl: string, file: string) => dataBeside<WordTables>(moduleUrl, file);

const NAMESPACE = 'api';
const LANGS: readonly UiLang[] = ['zh', 'en'];

/** The words of a registered code, as given (a second registration must bring the same). */
const registered = new Map<string, Words>();

/**
 * Adds a module's messages to the catalog, when its module file is loaded (before the app serves anything). A
 * code another module already registered with other words is refused at start: one code, one text.
 */
export function registerMessages(messages: MessageCatalog): void {
  for (const [code, words] of Object.entries(messages)) {
    const known = registered.get(code);
    if (known && (known.zh !== words.zh || known.en !== words.en))
      throw new Error(`The message ${code} is registered twice, with different words`);
    registered.set(code, words);
  }
  for (const lang of LANGS)
    catalog.addResources(
      lang,
      NAMESPACE,
      Object.fromEntries(Object.entries(messages).map(([code, words]) => [code, words[lang]])),
    );
}

/** Words of enumerated params, per table name: the key a param carries → its words in zh and en. */
const WORDS: WordTables = {};

/**
 * Adds a module's word tables (e.g. `recipeState`: `released` → 已发布 / released), for placeholders that name a
 * table. A table name another module already registered is refused at start: one name, one table.
 */
export function registerWords(tables: WordTables): void {
  for (const [name, table] of Object.entries(tables)) {
    if (WORDS[name] && WORDS[name] !== table) throw new Error(`The word table ${name} is registered twice`);
    WORDS[name] = table;
  }
}

/** `{lang:language}`: a content language code (`zh`, `en`, `de`…) by its name, from Intl rather than a table. */
const LANGUAGE_TABLE = 'language';
const INTL_LOCALE: Record<UiLang, string> = { zh: 'zh-CN', en: 'en' };

function languageName(code: string, lang: UiLang): string {
  try {
    return (
      new Intl.DisplayNames([INTL_LOCALE[lang]], { type: 'language', fallback: 'code' }).of(code) ?? code
    );
  } catch {
    // Not a well-formed code: shown as it came.
    return code;
  }
}

/** The registered table names (a catalog test checks every placeholder names one). */
export const registeredWordTables = (): string[] => [...Object.keys(WORDS), LANGUAGE_TABLE];

const LIST_SEPARATOR: Record<UiLang, string> = { zh: '、', en: ', ' };

/**
 * Words a placeholder that names a table: `{name:table}` by the words of the param's key in that table (the
 * words may hold placeholders of their own, e.g. a cycle's seconds, filled from the same params); `{name:table[]}`
 * a comma-separated list of keys, each worded and joined the language's way. Refusals recorded before the domain
 * carried keys only (job results) hold ready-made words instead (`stateZh`, `stateEn`): those are used when the
 * key is absent, so old results read as they did. Undefined leaves the placeholder as it is.
 */
const worded: FormatFunction = (value, format, lng, options) => {
  const lang: UiLang = lng === 'en' ? 'en' : 'zh';
  // The params: `t` passes them as `replace`, and the interpolator spreads them into the options too.
  const params = (options?.replace ?? options ?? {}) as Record<string, string | number>;
  const key = String(options?.interpolationkey ?? '');
  if (!format) return value;
  const list = format.endsWith('[]');
  const table = list ? format.slice(0, -2) : format;
  if (value == null) {
    const legacy = params[`${key}${lang === 'zh' ? 'Zh' : 'En'}`];
    return legacy === undefined ? undefined : String(legacy);
  }
  const word = (k: string) => {
    if (table === LANGUAGE_TABLE) return languageName(k, lang);
    const words = WORDS[table]?.[k]?.[lang];
    return words === undefined ? k : fill(words, lang, params);
  };
  return list
    ? String(value)
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '')
        .map(word)
        .join(LIST_SEPARATOR[lang])
    : word(String(value));
};

/** The catalog's formatter: every `{name:…}` placeholder is a table of words (see `worded`). */
const tables: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: worded,
};

const catalog = i18next.createInstance().use(tables);
void catalog.init({
  initAsync: false,
  lng: 'zh',
  fallbackLng: false,
  supportedLngs: [...LANGS],
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: { zh: { [NAMESPACE]: {} }, en: { [NAMESPACE]: {} } },
  // Codes and zod messages are whole keys: no nesting by dots, no namespace by colons.
  keySeparator: false,
  nsSeparator: false,
  interpolation: {
    prefix: '{',
    suffix: '}',
    formatSeparator: ':',
    escapeValue: false,
    // A param's value is never read again as a placeholder.
    skipOnVariables: true,
  },
  // A placeholder without its param stays visible, as written.
  missingInterpolationHandler: (_text: string, match: RegExpExecArray) => match[0],
});
registerMessages(messagesOf(import.meta.url, './messages.json'));

/** Fills the placeholders of `text` (a message or a table's words) from `params`. */
function fill(text: string, lang: UiLang, params: Record<string, string | number>): string {
  return catalog.services.interpolator.interpolate(text, params, lang, {});
}

/** The message of a code in a language, its placeholders filled; null for unknown codes. */
export function translate(
  code: string,
  lang: UiLang,
  params: Record<string, string | number> = {},
): string | null {
  if (!registered.has(code)) return null;
  return catalog.t(code, { lng: lang, replace: params, nest: false });
}

/** Whether a code has words in the catalog (a catalog test checks every domain code has). */
export const hasMessage = (code: string): boolean => registered.has(code);
