import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APK_RELEASE_STATUSES,
  APK_REVIEW_STATUSES,
  APK_TEST_STATUSES,
  apkContentSchema,
  offlinePackContentSchema,
  RECIPE_STATUSES,
  recipeContentSchema,
  type RecipeContentInput,
  type UiLang,
} from '@kb/contracts';
import {
  APK_ACTIONS,
  APK_HINTS,
  APK_REQUIRED_PARTS,
  apkDecider,
  DomainError,
  OFFLINE_PACK_ACTIONS,
  OFFLINE_PACK_HINTS,
  OFFLINE_PACK_REQUIRED_PARTS,
  RECIPE_ACTIONS,
  RECIPE_HINTS,
  RECIPE_REQUIRED_PARTS,
  offlinePackDecider,
  prepareContent,
  recipeDecider,
  replay,
  type ApkCommand,
  type ApkEvent,
  type OfflinePackCommand,
  type OfflinePackEvent,
  type RecipeCommand,
  type RecipeEvent,
} from '@kb/domain';
import {
  hasMessage,
  registeredWordTables,
  registerMessages,
  registerWords,
  translate,
} from '../common/messages.js';
import { APK_DOMAIN_MESSAGES, APK_DOMAIN_WORDS } from './apk-packages/apk-domain.messages.js';
import {
  OFFLINE_PACK_DOMAIN_MESSAGES,
  OFFLINE_PACK_DOMAIN_WORDS,
} from './offline-packs/offline-pack-domain.messages.js';
import { RECIPE_DOMAIN_MESSAGES, RECIPE_DOMAIN_WORDS } from './recipes/recipe-domain.messages.js';

// What the recipes, apk-packages and offline-packs modules register when they load.
for (const [messages, words] of [
  [RECIPE_DOMAIN_MESSAGES, RECIPE_DOMAIN_WORDS],
  [APK_DOMAIN_MESSAGES, APK_DOMAIN_WORDS],
  [OFFLINE_PACK_DOMAIN_MESSAGES, OFFLINE_PACK_DOMAIN_WORDS],
] as const) {
  registerMessages(messages);
  registerWords(words);
}

const AT = '2026-05-01T09:00:00.000Z';
const ID = '0b6f3c1e-5d1a-4c3e-9a8b-2f1e0d9c8b7a';

/** The refusal a decider answers `command` with, given the events so far. */
function refusalOf<C, E, S>(decider: { decide(c: C, s: S): E[] }, state: S, command: C): DomainError {
  try {
    decider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the command was accepted');
}

/** The refusal as the API answers it: its message in both languages. */
const shown = (error: DomainError) => ({
  zh: translate(error.code, 'zh', error.params),
  en: translate(error.code, 'en', error.params),
});

describe('the recipe decider’s refusals, worded by the API', () => {
  // A bare draft as stored before the wire asked drafts for their main-language name: parsed with a name, kept
  // without one, so submit still has everything to name.
  const content = (input: Partial<RecipeContentInput> = {}) => {
    const parsed = recipeContentSchema.parse({
      type: 'SOUP',
      number: 'R-001',
      mainLang: 'zh',
      langs: ['zh', 'en'],
      ...input,
      texts: { ...input.texts, zh: { name: '-', ...input.texts?.zh } },
    });
    if (input.texts?.zh?.name) return parsed;
    const { zh: _unnamed, ...texts } = parsed.texts;
    return { ...parsed, texts };
  };
  const created: RecipeEvent = {
    type: 'RecipeCreated',
    data: { recipeId: ID, content: prepareContent(content()) },
  };
  const refused = (events: RecipeEvent[], command: RecipeCommand) =>
    shown(refusalOf(recipeDecider, replay(recipeDecider, events), command));
  const step = (servings: number, fields: Record<string, unknown>) =>
    refused([], {
      type: 'CreateRecipe',
      recipeId: ID,
      content: content({ servingVersions: [{ servings, steps: [{ number: 3, ...fields }] }] }),
    });

  it('names the state, the refused action and what to do first', () => {
    const released: RecipeEvent[] = [
      created,
      { type: 'RecipeSubmitted', data: {} },
      { type: 'RecipeReleased', data: { version: 1 } },
    ];
    expect(refused(released, { type: 'DeleteRecipe', at: AT })).toEqual({
      zh: '菜谱R-001当前为“已发布”，不能删除，请先撤回',
      en: 'Recipe R-001 is released; it cannot be deleted; recall it first',
    });
    expect(refused(released.slice(0, 2), { type: 'ReviseRecipeContent', content: content() }).en).toBe(
      'Recipe R-001 is waiting for release; it cannot be edited; recall it to editing first',
    );
    expect(refused([created], { type: 'ClearRecipe' }).zh).toBe(
      '菜谱R-001当前为“编辑中”，不能彻底清除，请先删除',
    );
  });

  it('lists what submit misses', () => {
    expect(refused([created], { type: 'SubmitRecipe' })).toEqual({
      zh: '菜谱R-001信息不完整，不能提交：缺少主语言名称、图片、难度、份数版本、每个份数版本中带工作模式的步骤、适配机型',
      en:
        'Recipe R-001 is incomplete and cannot be submitted: missing the name in the main language, the picture, ' +
        'the difficulty, a serving-size version, a step with a work mode in every serving-size version, a compatible model',
    });
  });

  it('names the step, its mode, the setting and the range', () => {
    expect(step(4, { workMode: 'MANUAL', temperature: 130 })).toEqual({
      zh: '4人份 第3步：“手动烹饪”模式的温度须在0–120°C之间',
      en: 'Servings 4, step 3: the Manual cooking temperature must be 0–120 °C',
    });
    expect(step(2, { workMode: null, speed: 3 })).toEqual({
      zh: '2人份 第3步：请先选择工作模式再设置速度',
      en: 'Servings 2, step 3: choose a work mode before setting the speed',
    });
  });

  it('spells out a mode’s cycle in each language', () => {
    const knead = step(2, { workMode: 'KNEAD', minutes: 2, seconds: 30 });
    expect(knead.zh).toContain(
      '按60秒一个周期运行（正转27秒，停3秒，反转27秒，停3秒），时间须为60秒的整数倍',
    );
    expect(knead.en).toContain('runs in cycles of 60 s (27 s forward, 3 s pause, 27 s reverse, 3 s pause)');
    const stir = step(2, { workMode: 'STIR', minutes: 1, seconds: 10 });
    expect(stir.zh).toContain('（转5秒，停25秒）');
    expect(stir.en).toContain('(5 s on, 25 s off)');
  });
});

describe('the APK decider’s refusals, worded by the API', () => {
  const content = { ...apkContentSchema.parse({ versionNumber: '2.3.0' }), fileSize: null };
  const created: ApkEvent = { type: 'ApkPackageCreated', data: { apkId: ID, content } };
  const submitted: ApkEvent = { type: 'ApkSubmittedForReview', data: { by: 'demo', at: AT } };
  const passed: ApkEvent = { type: 'ApkAuditPassed', data: { by: 'boss', at: AT } };
  const refused = (events: ApkEvent[], command: ApkCommand) =>
    shown(refusalOf(apkDecider, replay(apkDecider, events), command));
  const remove: ApkCommand = { type: 'DeleteApkPackage', at: AT };

  it('names the state, the refused action and what to do first', () => {
    expect(refused([created, submitted], { type: 'ReviseApkPackage', content })).toEqual({
      zh: 'APK包2.3.0当前为“待审核”，不能修改，请先撤回',
      en: 'APK package 2.3.0 is pending review; it cannot be edited; recall it first',
    });
    expect(refused([created], { type: 'PublishApkOnline', at: AT }).en).toBe(
      'APK package 2.3.0 is not submitted; it cannot be published online; it must pass the audit first',
    );
  });

  it('lists what submission misses, and refuses the submitter’s own audit', () => {
    expect(refused([created], { type: 'SubmitApkForReview', by: 'demo', at: AT }).zh).toContain(
      '缺少子品牌、适配机型、开机logo',
    );
    expect(refused([created, submitted], { type: 'PassApkAudit', by: 'DEMO', at: AT }).en).toBe(
      'You submitted APK package 2.3.0; someone else must audit it',
    );
  });

  it('says where a package is in use before it may be deleted', () => {
    expect(
      refused([created, submitted, passed, { type: 'ApkPublishedOnline', data: { at: AT } }], remove),
    ).toEqual({
      zh: 'APK包2.3.0正在已上线，不能删除，请先取消',
      en: 'APK package 2.3.0 is online; cancel that before deleting it',
    });
    expect(
      refused([created, submitted, passed, { type: 'ApkTestPublished', data: { at: AT } }], remove).zh,
    ).toBe('APK包2.3.0正在测试中，不能删除，请先取消');
  });
});

describe('the offline-pack decider’s refusals, worded by the API', () => {
  const content = offlinePackContentSchema.parse({
    number: 'P-01',
    type: 'initial',
    productCode: 'TM-6',
    subBrandCode: 'DEMO-CHEF',
    recipeIds: [ID],
  });
  const created: OfflinePackEvent = { type: 'OfflinePackCreated', data: { packId: ID, content } };
  const online: OfflinePackEvent = { type: 'OfflinePackPublishedOnline', data: { at: AT } };
  const testing: OfflinePackEvent = { type: 'OfflinePackTestPublished', data: { at: AT } };
  const refused = (events: OfflinePackEvent[], command: OfflinePackCommand) =>
    shown(refusalOf(offlinePackDecider, replay(offlinePackDecider, events), command));
  const revise: OfflinePackCommand = { type: 'ReviseOfflinePack', content };
  const remove: OfflinePackCommand = { type: 'DeleteOfflinePack', at: AT };

  it('names where the pack is, the refused action and what to cancel first', () => {
    expect(refused([created, online], revise)).toEqual({
      zh: '离线菜谱包P-01当前已上线，不能修改，请先取消上线',
      en: 'Offline recipe pack P-01 is online; it cannot be edited; take it offline first',
    });
    expect(refused([created, testing], remove).en).toBe(
      'Offline recipe pack P-01 is in test; it cannot be deleted; take it off the test devices first',
    );
    expect(refused([created, testing, online], remove).zh).toBe(
      '离线菜谱包P-01当前测试中且已上线，不能删除，请先取消测试并取消上线',
    );
    expect(refused([created, testing, online], revise).en).toBe(
      'Offline recipe pack P-01 is in test and online; it cannot be edited; take it offline first',
    );
  });

  it('lists what a pack misses', () => {
    const bare = offlinePackContentSchema.parse({ number: 'P-09' });
    expect(refused([], { type: 'CreateOfflinePack', packId: ID, content: bare })).toEqual({
      zh: '离线菜谱包P-09信息不完整：缺少工厂型号、客户型号、离线包类型、菜谱',
      en: 'Offline recipe pack P-09 is incomplete: missing the factory model, the customer model, the pack type, the recipes',
    });
  });
});

describe('the catalog of the deciders’ codes', () => {
  const libs = path.join(import.meta.dirname, '../../../../libs');
  const codesIn = (files: string[], prefix: string) =>
    new Set(
      files.flatMap((file) =>
        [
          ...readFileSync(path.join(libs, file), 'utf8').matchAll(new RegExp(`'(${prefix}[a-z_]+)'`, 'g')),
        ].map((m) => m[1]!),
      ),
    );

  it.each([
    [['domain/src/recipe/decide.ts', 'domain/src/recipe/steps.ts', 'contracts/src/recipe.ts'], 'recipe_', 15],
    [['domain/src/apk/decide.ts', 'contracts/src/apk.ts'], 'apk_', 10],
    [['domain/src/offline-pack/decide.ts', 'contracts/src/offline-pack.ts'], 'offline_pack_', 6],
  ])('has a zh and en message for every code of %j', (files, prefix, atLeast) => {
    const codes = codesIn(files, prefix);
    expect(codes.size).toBeGreaterThan(atLeast);
    for (const code of codes) expect([code, hasMessage(code)]).toEqual([code, true]);
  });

  it('names only registered word tables, the same ones in both languages', () => {
    const tables = new Set(registeredWordTables());
    const catalogs = [RECIPE_DOMAIN_MESSAGES, APK_DOMAIN_MESSAGES, OFFLINE_PACK_DOMAIN_MESSAGES];
    for (const [code, words] of catalogs.flatMap((catalog) => Object.entries(catalog))) {
      const named = (lang: UiLang) => [...words[lang].matchAll(/\{\w+:(\w+)(\[\])?\}/g)].map((m) => m[0]);
      expect({ code, zh: named('zh').sort() }).toEqual({ code, zh: named('en').sort() });
      for (const m of words.zh.matchAll(/\{\w+:(\w+)/g)) expect(tables).toContain(m[1]);
    }
  });

  // The tables are data (JSON beside each module): every key the deciders and contracts name must have its words.
  it.each([
    ['recipeState', RECIPE_DOMAIN_WORDS, RECIPE_STATUSES],
    ['recipeAction', RECIPE_DOMAIN_WORDS, RECIPE_ACTIONS],
    ['recipeHint', RECIPE_DOMAIN_WORDS, RECIPE_HINTS],
    ['recipePart', RECIPE_DOMAIN_WORDS, RECIPE_REQUIRED_PARTS],
    ['apkState', APK_DOMAIN_WORDS, [...APK_REVIEW_STATUSES, 'deleted']],
    ['apkTestStatus', APK_DOMAIN_WORDS, APK_TEST_STATUSES],
    ['apkReleaseStatus', APK_DOMAIN_WORDS, APK_RELEASE_STATUSES],
    ['apkAction', APK_DOMAIN_WORDS, APK_ACTIONS],
    ['apkHint', APK_DOMAIN_WORDS, APK_HINTS],
    ['apkPart', APK_DOMAIN_WORDS, APK_REQUIRED_PARTS],
    ['offlinePackAction', OFFLINE_PACK_DOMAIN_WORDS, OFFLINE_PACK_ACTIONS],
    ['offlinePackHint', OFFLINE_PACK_DOMAIN_WORDS, OFFLINE_PACK_HINTS],
    ['offlinePackPart', OFFLINE_PACK_DOMAIN_WORDS, OFFLINE_PACK_REQUIRED_PARTS],
  ] as const)('words every key of %s in both languages', (table, words, keys) => {
    for (const key of keys)
      expect([key, Object.keys(words[table]?.[key] ?? {}).sort()]).toEqual([key, ['en', 'zh']]);
  });
});
