import { SqlWhere } from '@kb/platform';
import { AppError } from './app-error.js';
import { translate } from './messages.js';
import { requestContext } from './request-context.js';

/**
 * The platform's WHERE builder for a request: `$1` is the caller's brand (Db.scoped), and a time range that ends
 * before it starts is refused in the caller's language.
 */
export class SqlFilter extends SqlWhere {
  protected override invertedRange(field: string): void {
    const message = translate('time_range_invalid', requestContext.lang()) ?? 'time_range_invalid';
    throw new AppError(400, 'time_range_invalid', {}, { fieldErrors: { [field]: message } });
  }

  /** The parameters with the caller's brand as $1, for runners that do not prepend it (paged queries). */
  withBrand(): unknown[] {
    return [requestContext.brand(), ...this.params];
  }
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
