import { deeplDefaultUrl, DeepLProvider } from './deepl.js';
import { DemoGlossaryProvider } from './demo-glossary.js';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './http-translator.js';
import { LibreTranslateProvider } from './libretranslate.js';
import type { TranslationProvider } from './provider.js';

export const TRANSLATION_PROVIDERS = ['demo', 'libretranslate', 'deepl'] as const;
export type TranslationProviderName = (typeof TRANSLATION_PROVIDERS)[number];

/** The translation settings of a process (device-ingest reads them from TRANSLATION_* variables). */
export interface TranslationSettings extends Partial<HttpLimits> {
  provider: TranslationProviderName;
  /** The service's base URL (LibreTranslate: required; DeepL: defaults by the key's plan). */
  url?: string;
  apiKey?: string;
}

/** Why the settings cannot make a provider, or null. */
export function translationSettingsProblem(s: TranslationSettings): string | null {
  if (s.provider === 'libretranslate' && !s.url) return 'TRANSLATION_URL is required for libretranslate';
  if (s.provider === 'deepl' && !s.apiKey) return 'TRANSLATION_API_KEY is required for deepl';
  return null;
}

/** The provider the settings choose; without a service configured, the demo glossary. */
export function createTranslationProvider(settings: TranslationSettings): TranslationProvider {
  const problem = translationSettingsProblem(settings);
  if (problem) throw new Error(problem);
  const limits: HttpLimits = {
    ...DEFAULT_HTTP_LIMITS,
    ...Object.fromEntries(Object.entries(settings).filter(([, v]) => typeof v === 'number')),
  };
  switch (settings.provider) {
    case 'libretranslate':
      return new LibreTranslateProvider(settings.url!, settings.apiKey, limits);
    case 'deepl':
      return new DeepLProvider(settings.url ?? deeplDefaultUrl(settings.apiKey!), settings.apiKey!, limits);
    case 'demo':
      return new DemoGlossaryProvider();
  }
}
