import { SqlWhere } from '@kb/platform';
import { fieldRefusal } from './app-error.js';
import { requestContext } from './request-context.js';

/**
 * The platform's WHERE builder for a request: `$1` is the caller's brand (Db.scoped prepends it; `withBrand()` for
 * runners that do not), and a time range that ends before it starts is refused in the caller's language.
 */
export class SqlFilter extends SqlWhere {
  constructor(alias: string) {
    super(alias, requestContext.brand());
  }

  protected override invertedRange(field: string): void {
    throw fieldRefusal(field, 'time_range_invalid');
  }
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
