import { likePrefix } from '@kb/platform';
import { AppError } from './app-error.js';
import { translate } from './messages.js';
import { requestContext } from './request-context.js';

/** A date-only upper bound includes its whole day (UTC); a date-time is taken as given. */
function bound(value: string, end: boolean): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (!end) return `${value}T00:00:00Z`;
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * A WHERE clause built from optional filters; `$1` is always the caller's brand (Db.scoped), so every list
 * it builds starts `WHERE <alias>.brand_owner_code = $1`.
 */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly parts: string[];

  constructor(readonly alias: string) {
    this.parts = [`${alias}.brand_owner_code = $1`];
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

  /** `from <= column < to`, refusing a range that ends before it starts. */
  range(column: string, field: string, from?: string, to?: string): this {
    const lo = from ? bound(from, false) : undefined;
    const hi = to ? bound(to, true) : undefined;
    if (lo && hi && Date.parse(lo) > Date.parse(hi)) {
      const message = translate('time_range_invalid', requestContext.lang()) ?? 'time_range_invalid';
      throw new AppError(400, 'time_range_invalid', {}, { fieldErrors: { [field]: message } });
    }
    if (lo) this.where(`${this.alias}.${column} >= ${this.param(lo)}::timestamptz`);
    if (hi) this.where(`${this.alias}.${column} ${to === hi ? '<=' : '<'} ${this.param(hi)}::timestamptz`);
    return this;
  }

  /** The parameters with the caller's brand as $1, for runners that do not prepend it (paged queries). */
  withBrand(): unknown[] {
    return [requestContext.brand(), ...this.params];
  }

  /** True when anything beyond the brand narrows the rows. */
  get filtered(): boolean {
    return this.parts.length > 1;
  }

  get sql(): string {
    return this.parts.join(' AND ');
  }
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
