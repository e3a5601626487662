import { categoryInputSchema } from './catalog.js';
import { faultMessageSchema, telemetryMessageSchema } from './device.js';
import { recipeContentSchema } from './recipe.js';
import { isAcceptableText, jsonObject, text, TEXT_INVALID, withoutInvalidText } from './text.js';

const firstIssue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success
    ? null
    : { path: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message };

describe('the text rule', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['backspace', 'a\bb'],
    ['escape', '\u001b[31m'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085'],
  ])('refuses %s in any text', (_, value) => {
    expect(isAcceptableText(value)).toBe(false);
    expect(isAcceptableText(value, true)).toBe(false);
  });

  it('lets tab and line breaks through in multi-line text only', () => {
    expect(isAcceptableText('one\ntwo\r\n\tthree', true)).toBe(true);
    expect(isAcceptableText('one\ntwo')).toBe(false);
    expect(isAcceptableText('one\ttwo')).toBe(false);
  });

  it('accepts ordinary text of every script, emoji included', () => {
    for (const value of ['番茄炒蛋', 'Crème brûlée', 'Борщ', '😀 soup', 'a\u00a0b', '']) {
      expect(isAcceptableText(value)).toBe(true);
    }
  });

  it('trims before checking, so a pasted trailing line break is not an error', () => {
    expect(text().max(5).parse(' soup\n')).toBe('soup');
    expect(firstIssue(text().safeParse('so\u0000up'))).toEqual({ path: '', message: TEXT_INVALID });
  });

  it('names the field of a recipe that holds a bad character', () => {
    const base = { type: 'SOUP', number: 'R-1', mainLang: 'zh', langs: ['zh'] };
    expect(
      firstIssue(recipeContentSchema.safeParse({ ...base, texts: { zh: { name: 'a\u0000' } } })),
    ).toEqual({
      path: 'texts.zh.name',
      message: TEXT_INVALID,
    });
    expect(
      firstIssue(
        recipeContentSchema.safeParse({
          ...base,
          servingVersions: [{ servings: 2, steps: [{ number: 1, descriptions: { zh: 'stir\ud800' } }] }],
        }),
      ),
    ).toEqual({ path: 'servingVersions.0.steps.0.descriptions.zh', message: TEXT_INVALID });
    expect(
      recipeContentSchema.safeParse({ ...base, texts: { zh: { name: 'ok', description: 'line 1\nline 2' } } })
        .success,
    ).toBe(true);
  });

  it('covers category names, device messages and free-form telemetry at any depth', () => {
    expect(
      firstIssue(
        categoryInputSchema.safeParse({ number: 'C1', mainLang: 'zh', names: { zh: 'x\ud800' }, sort: 1 }),
      ),
    ).toEqual({ path: 'names.zh', message: TEXT_INVALID });
    const fault = {
      messageId: 'm1',
      type: 'E1',
      reportedAt: '2026-11-25T10:00:00Z',
      errorLog: 'trace\nline',
    };
    expect(faultMessageSchema.safeParse(fault).success).toBe(true);
    expect(firstIssue(faultMessageSchema.safeParse({ ...fault, city: 'Shen\u0000zhen' }))?.path).toBe('city');
    expect(firstIssue(faultMessageSchema.safeParse({ ...fault, messageId: 'm\u0000' }))?.path).toBe(
      'messageId',
    );
    const sample = {
      messageId: 'm2',
      sampledAt: '2026-11-25T10:00:00Z',
      extra: { probe: { label: ['ok', 'x\u0000'] } },
    };
    expect(firstIssue(telemetryMessageSchema.safeParse(sample))).toEqual({
      path: 'extra.probe.label.1',
      message: TEXT_INVALID,
    });
    expect(firstIssue(jsonObject(64).safeParse({ 'bad\u0001key': 1 }))?.path).toBe('bad\u0001key');
  });
});

describe('withoutInvalidText', () => {
  it('drops what the rule refuses and keeps tab, line breaks and paired surrogates', () => {
    expect(withoutInvalidText('a\u0000b\u0007c\u009fd')).toBe('abcd');
    expect(withoutInvalidText('line 1\r\n\tline 2')).toBe('line 1\r\n\tline 2');
    expect(withoutInvalidText('汤 🍅 \ud83c')).toBe('汤 🍅 ');
    expect(isAcceptableText(withoutInvalidText('x\u0000\udc00y'), true)).toBe(true);
  });
});
