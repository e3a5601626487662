import { Query } from '@nestjs/cqrs';
import type { UiLang } from '@kb/contracts';
import type { RecipeDetail } from '../../recipe.api.js';

/** One recipe with its whole content and the revision the editor saves against. */
export class RecipeDetailQuery extends Query<RecipeDetail> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
