import type { TranslationProvider } from './provider.js';

/** Kitchen words and phrases, Chinese ↔ English: enough for the demo recipes to read as translated. */
const GLOSSARY: readonly [zh: string, en: string][] = [
  ['番茄炒蛋', 'Scrambled eggs with tomato'],
  ['番茄汤', 'Tomato soup'],
  ['西红柿', 'tomato'],
  ['番茄', 'tomato'],
  ['鸡蛋', 'egg'],
  ['土豆', 'potato'],
  ['洋葱', 'onion'],
  ['大蒜', 'garlic'],
  ['生姜', 'ginger'],
  ['胡萝卜', 'carrot'],
  ['鸡肉', 'chicken'],
  ['牛肉', 'beef'],
  ['猪肉', 'pork'],
  ['米饭', 'rice'],
  ['面粉', 'flour'],
  ['牛奶', 'milk'],
  ['黄油', 'butter'],
  ['白糖', 'sugar'],
  ['糖', 'sugar'],
  ['盐', 'salt'],
  ['水', 'water'],
  ['油', 'oil'],
  ['酱油', 'soy sauce'],
  ['汤', 'soup'],
  ['面包', 'bread'],
  ['蛋糕', 'cake'],
  ['切块', 'cut into pieces'],
  ['切丁', 'diced'],
  ['切片', 'sliced'],
  ['翻炒', 'stir-fry'],
  ['炒', 'fry'],
  ['煮', 'boil'],
  ['蒸', 'steam'],
  ['烤', 'bake'],
  ['搅拌', 'stir'],
  ['揉面', 'knead'],
  ['加入', 'add'],
  ['趁热吃', 'serve hot'],
  ['适量', 'to taste'],
  ['分钟', 'minutes'],
  ['简单', 'easy'],
  ['美味', 'delicious'],
  ['家常', 'home-style'],
];

/** Longest first, so a phrase wins over the words inside it. */
const ZH_TO_EN = [...GLOSSARY].sort((a, b) => b[0].length - a[0].length);
const EN_TO_ZH = [...GLOSSARY]
  .filter(([, en], i, all) => all.findIndex(([, other]) => other === en) === i)
  .sort((a, b) => b[1].length - a[1].length);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const base = (lang: string) => lang.split('-')[0]!.toLowerCase();

function zhToEn(text: string): string {
  let out = text;
  for (const [zh, en] of ZH_TO_EN) out = out.replaceAll(zh, ` ${en} `);
  out = out
    .replace(
      /[，。；：！？]/g,
      (p) => ({ '，': ',', '。': '.', '；': ';', '：': ':', '！': '!', '？': '?' })[p]!,
    )
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return out.charAt(0).toUpperCase() + out.slice(1);
}

function enToZh(text: string): string {
  let out = text;
  for (const [zh, en] of EN_TO_ZH) out = out.replace(new RegExp(`\\b${escape(en)}s?\\b`, 'gi'), zh);
  return out.replace(/([\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])/g, '$1');
}

/**
 * The built-in provider used when no translation service is configured (`npm start`, the browser tests): a small
 * glossary between Chinese and English; other pairs come back marked with the target language. It says it is a
 * demo (`demo: true`), and the review screen shows that.
 */
export class DemoGlossaryProvider implements TranslationProvider {
  readonly name = 'demo';
  readonly demo = true;

  translate(texts: readonly string[], from: string, to: string): Promise<string[]> {
    const pair = `${base(from)}>${base(to)}`;
    return Promise.resolve(
      texts.map((text) =>
        pair === 'zh>en' ? zhToEn(text) : pair === 'en>zh' ? enToZh(text) : `[${to}] ${text}`,
      ),
    );
  }
}
