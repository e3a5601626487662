import { describe, expect, it } from '@jest/globals';
import { PageCursors } from './page-cursors.js';

describe('page cursors', () => {
  it('gives the next page the cursor of the page before it, for the same query and size only', () => {
    const cursors = new PageCursors();
    cursors.remember('sn=A', 10, 1, '900');
    expect(cursors.cursorFor('sn=A', 10, 2)).toBe('900');
    expect(cursors.cursorFor('sn=A', 20, 2)).toBeUndefined();
    expect(cursors.cursorFor('sn=B', 10, 2)).toBeUndefined();
    expect(cursors.cursorFor('sn=A', 10, 3)).toBeUndefined();
  });

  it('never sends a cursor for page 1, forgets the one after a last page, and forgets all on clear', () => {
    const cursors = new PageCursors();
    cursors.remember('', 10, 0, '5');
    expect(cursors.cursorFor('', 10, 1)).toBeUndefined();
    cursors.remember('', 10, 4, '40');
    cursors.remember('', 10, 4, null);
    expect(cursors.cursorFor('', 10, 5)).toBeUndefined();
    cursors.remember('', 10, 5, '30');
    cursors.clear();
    expect(cursors.cursorFor('', 10, 6)).toBeUndefined();
  });
});
