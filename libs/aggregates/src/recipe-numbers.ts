import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import type { RecipeEvent, RecipeState } from '@kb/domain';
import { AppError } from '@kb/platform';
import type { MessageWords } from './messages.js';
import { NumberClaims } from './number-claims.js';
import type { AggregateStreams } from './streams.js';

/** A recipe number someone else holds: 400 under the form's `number` field. */
export function numberTaken(number: string, lang: UiLang, words: MessageWords): AppError {
  return new AppError(
    400,
    'recipe_number_taken',
    { number },
    { fieldErrors: { number: words('recipe_number_taken', lang, { number }) ?? number } },
  );
}

/**
 * Recipe number uniqueness per brand (as typed), claimed in `recipe_numbers` around each append, by whichever
 * process appends (the API, the seed, the workers' import). `pool`: the claims' own pool (see NumberClaims).
 */
export class RecipeNumbers extends NumberClaims {
  constructor(
    pool: pg.Pool,
    private readonly streams: AggregateStreams<RecipeEvent, RecipeState>,
    words: MessageWords,
  ) {
    super(pool, {
      claims: 'recipe_numbers',
      keyColumn: 'number',
      holderColumn: 'recipe_id',
      listed: 'recipe_list',
      caseSensitive: true,
      taken: (number, lang) => numberTaken(number, lang, words),
    });
  }

  /** Whether the recipe, as its stream says now, carries this number and is not cleared. */
  protected async holds(brand: string, recipeId: string, number: string): Promise<boolean> {
    const { state } = await this.streams.load(brand, recipeId);
    return state.status !== 'absent' && state.status !== 'cleared' && state.content.number === number;
  }
}
