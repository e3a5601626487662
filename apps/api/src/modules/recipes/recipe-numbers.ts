import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import { recipeAggregate, type AggregateStreams } from '@kb/aggregates';
import type { RecipeEvent, RecipeState } from '@kb/domain';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import { NumberClaims } from '../../common/number-claims.js';
import { streamsOf } from '../../common/aggregate-kit/aggregate-providers.js';

export type { NumberChange } from '../../common/number-claims.js';

/** The pool the number claims run on (see NumberClaims: not the API's main pool). */
export const RECIPE_NUMBERS_POOL = Symbol('RECIPE_NUMBERS_POOL');

export function numberTaken(number: string, lang: UiLang): AppError {
  return new AppError(
    400,
    'recipe_number_taken',
    { number },
    { fieldErrors: { number: translate('recipe_number_taken', lang, { number }) ?? number } },
  );
}

/** Recipe number uniqueness per brand (as typed), claimed in `recipe_numbers` around each append. */
@Injectable()
export class RecipeNumbers extends NumberClaims {
  constructor(
    @Inject(RECIPE_NUMBERS_POOL) pool: pg.Pool,
    @Inject(streamsOf(recipeAggregate)) private readonly streams: AggregateStreams<RecipeEvent, RecipeState>,
  ) {
    super(pool, {
      claims: 'recipe_numbers',
      keyColumn: 'number',
      holderColumn: 'recipe_id',
      listed: 'recipe_list',
      caseSensitive: true,
      taken: numberTaken,
    });
  }

  /** Whether the recipe, as its stream says now, carries this number and is not cleared. */
  protected async holds(brand: string, recipeId: string, number: string): Promise<boolean> {
    const { state } = await this.streams.load(brand, recipeId);
    return state.status !== 'absent' && state.status !== 'cleared' && state.content.number === number;
  }
}
