import { HttpTranslator, type BatchRequest, type HttpLimits } from './http-translator.js';

/** DeepL's source languages are bare upper-case codes: `zh-TW` → `ZH`, `en` → `EN`. */
export function deeplSourceLang(lang: string): string {
  return lang.split('-')[0]!.toUpperCase();
}

/**
 * DeepL's target languages: English and Portuguese need a variant (bare `EN`/`PT` are deprecated), Chinese is
 * simplified unless a traditional region is named.
 */
export function deeplTargetLang(lang: string): string {
  const [base, region] = lang.split('-') as [string, string | undefined];
  const b = base.toLowerCase();
  if (b === 'en') return region?.toUpperCase() === 'GB' ? 'EN-GB' : 'EN-US';
  if (b === 'pt') return region?.toUpperCase() === 'BR' ? 'PT-BR' : 'PT-PT';
  if (b === 'zh') return region && /^(TW|HK|Hant)$/i.test(region) ? 'ZH-HANT' : 'ZH-HANS';
  return b.toUpperCase();
}

/** The DeepL API host of a key: free-plan keys end in `:fx`. */
export const deeplDefaultUrl = (apiKey: string) =>
  apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';

/** DeepL: `POST /v2/translate` with `text` (an array), `source_lang`, `target_lang`; key in `Authorization`. */
export class DeepLProvider extends HttpTranslator {
  readonly name = 'deepl';

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    limits: HttpLimits,
  ) {
    super(limits);
  }

  protected request(texts: string[], from: string, to: string): BatchRequest {
    return {
      url: new URL('v2/translate', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`).toString(),
      headers: { authorization: `DeepL-Auth-Key ${this.apiKey}` },
      body: { text: texts, source_lang: deeplSourceLang(from), target_lang: deeplTargetLang(to) },
      read(json) {
        const translations = (json as { translations?: unknown }).translations;
        if (!Array.isArray(translations)) throw new Error('translations is not a list');
        return translations.map((t: { text?: unknown }) => {
          if (typeof t?.text !== 'string') throw new Error('a translation has no text');
          return t.text;
        });
      },
    };
  }
}
