import type { LinkedRecipe } from '@kb/contracts';

/** The sort values that put `rows` in this order (1, 2, …), for the rows whose value changes. */
export function renumbered(rows: readonly LinkedRecipe[]): { recipeId: string; sort: number }[] {
  return rows.flatMap((r, i) => (r.sort === i + 1 ? [] : [{ recipeId: r.recipeId, sort: i + 1 }]));
}

/** `rows` with the one at `index` moved one place up (-1) or down (+1). */
export function moved<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
