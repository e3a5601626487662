/**
 * A copy's name in a language: the source's name marked as a copy in that language's words, numbered from the
 * second copy on (`番茄炖牛腩 (副本)`, `番茄炖牛腩 (副本 2)`; `Beef stew (copy)`, `Beef stew (copy 2)`).
 */
export function copyName(name: string, lang: string, n = 1): string {
  const word = lang === 'zh' || lang.startsWith('zh-') ? '副本' : 'copy';
  const mark = ` (${word}${n > 1 ? ` ${n}` : ''})`;
  // Within the 100 characters a recipe name may have.
  return `${name.slice(0, 100 - mark.length).trimEnd()}${mark}`;
}
