import { describe, expect, it } from '@jest/globals';
import { catalogEn } from '../features/catalog/i18n/en.js';
import { catalogZh } from '../features/catalog/i18n/zh.js';
import { recipesEn } from '../features/recipes/i18n/en.js';
import { recipesZh } from '../features/recipes/i18n/zh.js';
import { countryLabel, languageLabel, workModeLabel } from './labels.js';

describe('labels of codes', () => {
  it('names a work mode in the user’s language and leaves an unknown one as sent', () => {
    expect(workModeLabel('FOOD_PROCESSOR', 'zh')).toBe('料理机');
    expect(workModeLabel('BOIL', 'en')).toBe('Boil');
    expect(workModeLabel('TURBO_X', 'zh')).toBe('TURBO_X');
    expect(workModeLabel(null, 'zh')).toBe('');
  });

  it('names content languages and countries in the user’s language', () => {
    expect(languageLabel('zh', 'zh')).toBe('中文');
    expect(languageLabel('zh', 'en')).toBe('Chinese');
    expect(countryLabel('CN', 'zh')).toBe('中国');
    expect(countryLabel('de', 'en')).toBe('Germany');
    // Devices send free text: a code that is no code comes back as sent.
    expect(countryLabel('not a country', 'en')).toBe('not a country');
  });
});

describe('recipe state names', () => {
  it('are the same words on the recipe screens and the online-category screens, in each language', () => {
    for (const state of ['editing', 'waiting_release', 'released', 'recycle_bin'] as const) {
      expect(catalogEn.recipeStatus[state]).toBe(recipesEn.status[state]);
      expect(catalogZh.recipeStatus[state]).toBe(recipesZh.status[state]);
    }
    expect(recipesEn.status.waiting_release).toBe('Waiting for release');
    expect(recipesZh.status.waiting_release).toBe('待发布');
  });
});
