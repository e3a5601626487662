import { likeContains, likePrefix } from './like.js';

/** A date-only upper bound includes its whole day (UTC); a date-time is taken as given. */
function bound(value: string, end: boolean): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (!end) return `${value}T00:00:00Z`;
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * A WHERE clause of a brand's rows built from optional filters; `$1` is always the brand, so every clause it
 * builds starts `<alias>.brand_owner_code = $1`, its `params` are the ones after it and `withBrand()` all of them.
 */
export class SqlWhere {
  readonly params: unknown[] = [];
  private readonly parts: string[];

  constructor(
    readonly alias: string,
    readonly brand: string,
  ) {
    this.parts = [`${alias}.brand_owner_code = $1`];
  }

  /** The parameters with the brand as $1, for a runner that does not prepend it. */
  withBrand(): unknown[] {
    return [this.brand, ...this.params];
  }

  /** A parameter placeholder (after the brand's $1). */
  param(value: unknown): string {
    return `$${this.params.push(value) + 1}`;
  }

  where(sql: string): this {
    this.parts.push(sql);
    return this;
  }

  equals(column: string, value: unknown): this {
    if (value !== undefined && value !== '') this.where(`${this.alias}.${column} = ${this.param(value)}`);
    return this;
  }

  prefix(column: string, value: string | undefined, upper = false): this {
    if (value)
      this.where(
        `${this.alias}.${column} LIKE ${this.param(likePrefix(upper ? value.toUpperCase() : value))}`,
      );
    return this;
  }

  /** `from <= column < to` (a date-only `to` includes its day); `field` names the filter for a refusal. */
  range(column: string, field: string, from?: string, to?: string): this {
    const lo = from ? bound(from, false) : undefined;
    const hi = to ? bound(to, true) : undefined;
    if (lo && hi && Date.parse(lo) > Date.parse(hi)) this.invertedRange(field);
    if (lo) this.where(`${this.alias}.${column} >= ${this.param(lo)}::timestamptz`);
    if (hi) this.where(`${this.alias}.${column} ${to === hi ? '<=' : '<'} ${this.param(hi)}::timestamptz`);
    return this;
  }

  /**
   * A range that ends before it starts: here it simply matches nothing (a job runs what it was given); a caller
   * that answers a person refuses it instead.
   */
  protected invertedRange(_field: string): void {}

  /** True when anything beyond the brand narrows the rows. */
  get filtered(): boolean {
    return this.parts.length > 1;
  }

  get sql(): string {
    return this.parts.join(' AND ');
  }

  /** How many conditions it holds so far (the brand's counts): a mark for `sqlUpTo`. */
  get size(): number {
    return this.parts.length;
  }

  /**
   * The first `size` conditions alone (a `size` read earlier): a narrower clause that uses the same parameters, so
   * it can stand beside the whole one in a statement.
   */
  sqlUpTo(size: number): string {
    return this.parts.slice(0, Math.max(1, size)).join(' AND ');
  }
}

/** What the app users' search records are filtered by, in their list and in its export. */
export interface SearchRecordFilter {
  terms?: string | undefined;
  user?: string | undefined;
  lang?: string | undefined;
  region?: string | undefined;
  empty?: boolean | undefined;
  searchedFrom?: string | undefined;
  searchedTo?: string | undefined;
}

/** The search-record list's filter on `app_search_records` (alias of `where`): the list and its export read alike. */
export function searchRecordWhere<W extends SqlWhere>(where: W, f: SearchRecordFilter): W {
  const t = where.alias;
  where
    .equals('lang', f.lang)
    .equals('region', f.region)
    .range('searched_at', 'searchedFrom', f.searchedFrom, f.searchedTo);
  if (f.terms) where.where(`${t}.terms ILIKE ${where.param(likeContains(f.terms))}`);
  if (f.user) {
    const p = where.param(likePrefix(f.user));
    where.where(`(${t}.account LIKE ${p} OR ${t}.nickname LIKE ${p})`);
  }
  if (f.empty !== undefined) where.where(`${t}.result_count ${f.empty ? '=' : '>'} 0`);
  return where;
}
