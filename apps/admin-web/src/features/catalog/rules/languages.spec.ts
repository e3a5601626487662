import { describe, expect, it } from '@jest/globals';
import type { BrandLanguage } from '@kb/contracts';
import { choiceOf, choiceProblem, chooseMain, toggleLanguage } from './languages.js';
import { brandLanguagesOf, namesForForm, namesToSend } from '../../../components/reference/names.js';

const lang = (langCode: string, supported: boolean, main = false): BrandLanguage => ({
  langCode,
  langName: langCode.toUpperCase(),
  nativeName: langCode,
  supported,
  main,
});

describe('brand languages in forms', () => {
  it('offers exactly the supported languages, the main one first', () => {
    const all = [lang('zh', true), lang('de', false), lang('en', true, true), lang('fr', true)];
    expect(brandLanguagesOf(all).map((l) => l.langCode)).toEqual(['en', 'zh', 'fr']);
  });

  it('fills one name field per brand language from the record', () => {
    expect(namesForForm([lang('zh', true), lang('en', true)], { en: 'Soup', de: 'Suppe' })).toEqual({
      zh: '',
      en: 'Soup',
    });
    expect(namesForForm([lang('zh', true)])).toEqual({ zh: '' });
  });

  it('sends trimmed names, leaving out empty ones and languages the brand dropped', () => {
    expect(namesToSend({ zh: ' 汤 ', en: '  ', de: 'Suppe' }, ['zh', 'en'])).toEqual({ zh: '汤' });
  });
});

describe('language settings', () => {
  it('starts from the saved choice', () => {
    expect(choiceOf([lang('zh', true, true), lang('en', true), lang('de', false)])).toEqual({
      langs: ['zh', 'en'],
      mainLang: 'zh',
    });
  });

  it('hands "main" to the next chosen language when the main one is unticked', () => {
    const choice = { langs: ['zh', 'en', 'de'], mainLang: 'zh' };
    expect(toggleLanguage(choice, 'zh', false)).toEqual({ langs: ['en', 'de'], mainLang: 'en' });
    expect(toggleLanguage(choice, 'de', false)).toEqual({ langs: ['zh', 'en'], mainLang: 'zh' });
    expect(toggleLanguage({ langs: ['zh'], mainLang: 'zh' }, 'zh', false)).toEqual({
      langs: [],
      mainLang: null,
    });
  });

  it('ticking the first language makes it the main one; choosing a main language ticks it', () => {
    expect(toggleLanguage({ langs: [], mainLang: null }, 'fr', true)).toEqual({
      langs: ['fr'],
      mainLang: 'fr',
    });
    expect(chooseMain({ langs: ['zh'], mainLang: 'zh' }, 'en')).toEqual({
      langs: ['zh', 'en'],
      mainLang: 'en',
    });
  });

  it('refuses to save without languages or without a main language among them', () => {
    expect(choiceProblem({ langs: [], mainLang: null })).toBe('lang_required');
    expect(choiceProblem({ langs: ['en'], mainLang: 'zh' })).toBe('main_lang_required');
    expect(choiceProblem({ langs: ['en'], mainLang: 'en' })).toBeNull();
  });
});
