/** One page of a /v1 list: `{data, nextCursor, hasMore}`. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * A list across its cursors: `for await (const c of client.cases.list({status: ['in_review']}))` yields
 * every row, fetching the next page (the same filters, the previous page's nextCursor) only when needed.
 * `pages()` yields whole pages instead.
 */
export class Paged<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {}

  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let cursor: string | undefined;
    for (;;) {
      const page = await this.fetchPage(cursor);
      yield page;
      if (!page.hasMore || !page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every row (at most `max`), in order. */
  async toArray(max = Infinity): Promise<T[]> {
    const rows: T[] = [];
    for await (const row of this) {
      if (rows.length >= max) break;
      rows.push(row);
    }
    return rows;
  }
}
