import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import { NumberClaims, offlinePackAggregate, type AggregateStreams } from '@kb/aggregates';
import type { OfflinePackEvent, OfflinePackState } from '@kb/domain';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import { streamsOf } from '../../common/aggregate-kit/aggregate-providers.js';

/** The pool the number claims run on (see NumberClaims: not the API's main pool). */
export const OFFLINE_PACK_NUMBERS_POOL = Symbol('OFFLINE_PACK_NUMBERS_POOL');

export function packNumberTaken(number: string, lang: UiLang): AppError {
  const message = translate('offline_pack_number_taken', lang, { number }) ?? number;
  return new AppError(400, 'offline_pack_number_taken', { number }, { fieldErrors: { number: message } });
}

/** Pack number uniqueness per brand, whatever the case, claimed in `offline_pack_numbers` around each append. */
@Injectable()
export class OfflinePackNumbers extends NumberClaims {
  constructor(
    @Inject(OFFLINE_PACK_NUMBERS_POOL) pool: pg.Pool,
    @Inject(streamsOf(offlinePackAggregate))
    private readonly streams: AggregateStreams<OfflinePackEvent, OfflinePackState>,
  ) {
    super(pool, {
      claims: 'offline_pack_numbers',
      keyColumn: 'number_key',
      holderColumn: 'pack_id',
      listed: 'offline_pack_list',
      caseSensitive: false,
      taken: packNumberTaken,
    });
  }

  /** Whether the pack, as its stream says now, is active and carries a number of this key. */
  protected async holds(brand: string, packId: string, key: string): Promise<boolean> {
    const { state } = await this.streams.load(brand, packId);
    return state.status === 'active' && this.keyOf(state.content.number) === key;
  }
}
