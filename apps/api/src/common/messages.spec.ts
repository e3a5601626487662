import { registerMessages, registerWords, translate } from './messages.js';

// Codes and tables of this spec only: the catalog is the process's, so their names cannot meet a module's.
registerMessages({
  spec_plain: { zh: '菜谱{number}第{step}步', en: 'Recipe {number}, step {step}' },
  spec_worded: {
    zh: '当前为“{state:specState}”，不能{action:specAction}{hint:specHint}',
    en: 'It is {state:specState}; it cannot be {action:specAction}{hint:specHint}',
  },
  spec_list: { zh: '缺少{missing:specPart[]}', en: 'missing {missing:specPart[]}' },
  spec_nested: { zh: '（{cycle:specCycle}）', en: '({cycle:specCycle})' },
  spec_languages: {
    zh: '（支持：{langs:language[]}；源语言{lang:language}）',
    en: '(supports {langs:language[]}; from {lang:language})',
  },
});
registerWords({
  specState: { released: { zh: '已发布', en: 'released' } },
  specAction: { delete: { zh: '删除', en: 'deleted' } },
  specHint: { recall_first: { zh: '，请先撤回', en: '; recall it first' }, none: { zh: '', en: '' } },
  specPart: { picture: { zh: '图片', en: 'the picture' }, difficulty: { zh: '难度', en: 'the difficulty' } },
  specCycle: { one_way: { zh: '转{forward}秒，停{pause}秒', en: '{forward} s on, {pause} s off' } },
});

describe('translate: a code and its params to the words of a language', () => {
  it('fills plain placeholders with the params as they are, and leaves unknown ones visible', () => {
    expect(translate('spec_plain', 'en', { number: 'R-1', step: 3 })).toBe('Recipe R-1, step 3');
    expect(translate('spec_plain', 'zh', { number: 'R-1' })).toBe('菜谱R-1第{step}步');
    expect(translate('no_such_code', 'en')).toBeNull();
  });

  it('words a key param from its table, in each language', () => {
    const params = { state: 'released', action: 'delete', hint: 'recall_first' };
    expect(translate('spec_worded', 'en', params)).toBe(
      'It is released; it cannot be deleted; recall it first',
    );
    expect(translate('spec_worded', 'zh', params)).toBe('当前为“已发布”，不能删除，请先撤回');
    expect(translate('spec_worded', 'en', { ...params, hint: 'none' })).toBe(
      'It is released; it cannot be deleted',
    );
  });

  it('names content languages by their names, never their codes', () => {
    expect(translate('spec_languages', 'zh', { langs: 'zh, en', lang: 'de' })).toBe(
      '（支持：中文、英语；源语言德语）',
    );
    expect(translate('spec_languages', 'en', { langs: 'zh,en', lang: 'de' })).toBe(
      '(supports Chinese, English; from German)',
    );
  });

  it('words each key of a comma-separated list and joins them the way of the language', () => {
    expect(translate('spec_list', 'zh', { missing: 'picture,difficulty' })).toBe('缺少图片、难度');
    expect(translate('spec_list', 'en', { missing: 'picture,difficulty' })).toBe(
      'missing the picture, the difficulty',
    );
  });

  it('fills the placeholders of a word from the same params', () => {
    const params = { cycle: 'one_way', forward: 5, pause: 25 };
    expect(translate('spec_nested', 'zh', params)).toBe('（转5秒，停25秒）');
    expect(translate('spec_nested', 'en', params)).toBe('(5 s on, 25 s off)');
  });

  it('shows a key it has no words for as the key, and never re-reads a param as a placeholder', () => {
    expect(translate('spec_worded', 'en', { state: 'frozen', action: 'delete', hint: 'none' })).toBe(
      'It is frozen; it cannot be deleted',
    );
    expect(translate('spec_plain', 'en', { number: '{step}', step: 1 })).toBe('Recipe {step}, step 1');
  });

  it('reads refusals recorded with ready-made words (job results from before) as they were shown', () => {
    const recorded = {
      state: 'released',
      action: 'delete',
      stateZh: '已发布',
      stateEn: 'released',
      hintZh: '，请先撤回',
      hintEn: '; recall it first',
    };
    expect(translate('spec_worded', 'zh', recorded)).toBe('当前为“已发布”，不能删除，请先撤回');
    expect(translate('spec_worded', 'en', recorded)).toBe(
      'It is released; it cannot be deleted; recall it first',
    );
  });

  it('refuses a table name registered twice with another table', () => {
    expect(() => registerWords({ specState: { released: { zh: '已发布', en: 'released' } } })).toThrow(
      'The word table specState is registered twice',
    );
  });
});
