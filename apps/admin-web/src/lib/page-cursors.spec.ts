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

  it('reads a page with the cursor the page before it left, for the same filter', async () => {
    const cursors = new PageCursors();
    const sent: (string | undefined)[] = [];
    const read = (next: string | null) => async (after: string | undefined) => {
      sent.push(after);
      return { nextCursor: next };
    };
    await cursors.page({ account: 'a' }, 10, 1, read('990'));
    await cursors.page({ account: 'a' }, 10, 2, read('980'));
    await cursors.page({ account: 'a' }, 10, 3, read(null));
    await cursors.page({ account: 'b' }, 10, 2, read(null));
    expect(sent).toEqual([undefined, '990', '980', undefined]);
  });
});
