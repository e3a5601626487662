/**
 * Keyset cursors of a paged list (`nextCursor` of page N is the `after` of page N+1). The list API reads a page
 * after a cursor by an index seek, as fast on page 50,000 as on page 1; a page reached otherwise (a jump, a new
 * page size) is read by offset. Cursors are kept per filter and page size, since they only hold for the query
 * that produced them.
 */
export class PageCursors {
  private readonly cursors = new Map<string, string>();

  private static key(query: string, pageSize: number, pageNum: number): string {
    return `${query}|${pageSize}|${pageNum}`;
  }

  /** The `after` to send for this page, when the page before it was read with the same query and size. */
  cursorFor(query: string, pageSize: number, pageNum: number): string | undefined {
    return pageNum > 1 ? this.cursors.get(PageCursors.key(query, pageSize, pageNum)) : undefined;
  }

  /** Remembers where the page after `pageNum` starts (null: `pageNum` was the last page). */
  remember(query: string, pageSize: number, pageNum: number, nextCursor: string | null): void {
    const key = PageCursors.key(query, pageSize, pageNum + 1);
    if (nextCursor) this.cursors.set(key, nextCursor);
    else this.cursors.delete(key);
  }

  /**
   * Reads page `pageNum` of `query` through `read` (given the cursor to send, if any) and remembers where the
   * page after it starts.
   */
  async page<P extends { nextCursor: string | null }>(
    query: object,
    pageSize: number,
    pageNum: number,
    read: (after: string | undefined) => Promise<P>,
  ): Promise<P> {
    const id = JSON.stringify(query);
    const page = await read(this.cursorFor(id, pageSize, pageNum));
    this.remember(id, pageSize, pageNum, page.nextCursor);
    return page;
  }

  /** After deletions pages shift: later reads start from offsets again. */
  clear(): void {
    this.cursors.clear();
  }
}
