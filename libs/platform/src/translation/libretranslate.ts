import { HttpTranslator, type BatchRequest, type HttpLimits } from './http-translator.js';

/** LibreTranslate's language codes are ours, but for Chinese variants (`zh-TW` → `zt`, other `zh-*` → `zh`). */
export function libreTranslateLang(lang: string): string {
  if (/^zh-(TW|HK|Hant)$/i.test(lang)) return 'zt';
  return lang.split('-')[0]!.toLowerCase();
}

/** LibreTranslate (self-hostable): `POST /translate` with `q` (an array), `source`, `target`, `format`, `api_key`. */
export class LibreTranslateProvider extends HttpTranslator {
  readonly name = 'libretranslate';

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    limits: HttpLimits,
  ) {
    super(limits);
  }

  protected request(texts: string[], from: string, to: string): BatchRequest {
    return {
      url: new URL('translate', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`).toString(),
      headers: {},
      body: {
        q: texts,
        source: libreTranslateLang(from),
        target: libreTranslateLang(to),
        format: 'text',
        ...(this.apiKey ? { api_key: this.apiKey } : {}),
      },
      read(json) {
        const translated = (json as { translatedText?: unknown }).translatedText;
        if (!Array.isArray(translated) || !translated.every((t) => typeof t === 'string'))
          throw new Error('translatedText is not a list of texts');
        return translated as string[];
      },
    };
  }
}
