import { describe, expect, it } from '@jest/globals';
import type { LinkedRecipe } from '@kb/contracts';
import { moved, renumbered } from './link-order.js';

const link = (number: string, sort: number): LinkedRecipe => ({
  recipeId: `id-${number}`,
  number,
  name: number,
  pictureFileCode: null,
  status: 'released',
  online: true,
  sort,
});

describe('reordering linked recipes', () => {
  it('moves a recipe one place up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('sends new sort values only for the recipes whose place changes', () => {
    const rows = [link('R1', 1), link('R2', 2), link('R3', 3)];
    expect(renumbered(moved(rows, 2, -1))).toEqual([
      { recipeId: 'id-R3', sort: 2 },
      { recipeId: 'id-R2', sort: 3 },
    ]);
  });

  it('gives recipes sharing a sort value distinct places', () => {
    const rows = [link('R1', 5), link('R2', 5)];
    expect(renumbered(moved(rows, 1, -1))).toEqual([
      { recipeId: 'id-R2', sort: 1 },
      { recipeId: 'id-R1', sort: 2 },
    ]);
  });
});
