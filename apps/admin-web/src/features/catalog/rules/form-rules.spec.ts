import { describe, expect, it } from '@jest/globals';
import {
  accessoryFormRules,
  categoryFormRules,
  onlineCategoriesFormRules,
  tagFormRules,
  unitFormRules,
} from './form-rules.js';
import { sortToSend } from '../../../components/reference/form-rules.js';

/** Field path → error code, as the form shows them. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const image = { fileCode: 'f1', url: '/api/file/download?fileCode=f1' };

describe('category form rules (§5)', () => {
  const rules = categoryFormRules(['zh', 'en']);
  const valid = { number: 'SOUP', mainLang: 'zh', names: { zh: '汤', en: '' }, sort: '3', picture: [] };

  it('accepts a number, a main language and its name', () => {
    expect(rules.safeParse(valid).success).toBe(true);
  });

  it('requires the number, the main language and the main-language name', () => {
    expect(errorsOf(rules.safeParse({ ...valid, number: ' ', names: { zh: '', en: 'Soup' } }))).toEqual({
      number: 'number_required',
      'names.zh': 'main_name_required',
    });
    expect(errorsOf(rules.safeParse({ ...valid, mainLang: null }))).toEqual({
      mainLang: 'main_lang_required',
    });
  });

  it('asks for the name in whichever language is the main one', () => {
    expect(errorsOf(rules.safeParse({ ...valid, mainLang: 'en' }))).toEqual({
      'names.en': 'main_name_required',
    });
  });

  it('refuses a non-numeric sort and a number with other characters', () => {
    expect(errorsOf(rules.safeParse({ ...valid, sort: '1a', number: 'A B' }))).toEqual({
      sort: 'sort_numeric',
      number: 'number_format',
    });
    expect(rules.safeParse({ ...valid, sort: '' }).success).toBe(true);
  });

  it('refuses names over 100 characters', () => {
    expect(errorsOf(rules.safeParse({ ...valid, names: { zh: '汤', en: 'x'.repeat(101) } }))).toEqual({
      'names.en': 'name_too_long',
    });
  });
});

describe('tag, unit and accessory rules', () => {
  it('require the brand main language name', () => {
    expect(
      errorsOf(tagFormRules(['en', 'zh'], 'en').safeParse({ number: 'T1', names: { en: '', zh: '辣' } })),
    ).toEqual({
      'names.en': 'main_name_required',
    });
    expect(unitFormRules(['zh'], 'zh').safeParse({ names: { zh: '克' } }).success).toBe(true);
  });

  it('require the accessory image, number, main name and type', () => {
    const rules = accessoryFormRules(['zh', 'en'], 'zh');
    const empty = {
      number: '',
      names: { zh: '', en: '' },
      photo: [],
      xtPhoto: [],
      code: '',
      accessoryCode: '',
      type: null,
    };
    expect(errorsOf(rules.safeParse(empty))).toEqual({
      number: 'number_required',
      photo: 'image_required',
      type: 'accessory_type_invalid',
      'names.zh': 'main_name_required',
    });
    expect(
      rules.safeParse({ ...empty, number: 'A1', names: { zh: '刀', en: '' }, photo: [image], type: 'line' })
        .success,
    ).toBe(true);
  });

  it('check each online category of a batch on its own row', () => {
    const rules = onlineCategoriesFormRules(['zh', 'en'], 'zh');
    const row = (zh: string, sort = '') => ({ key: zh, names: { zh, en: '' }, sort, picture: [] });
    expect(errorsOf(rules.safeParse({ categories: [row('早餐'), row('', 'x')] }))).toEqual({
      'categories.1.sort': 'sort_numeric',
      'categories.1.names.zh': 'main_name_required',
    });
  });

  it('sends an empty sort as 0', () => {
    expect(sortToSend('')).toBe(0);
    expect(sortToSend(' 12 ')).toBe(12);
  });
});
