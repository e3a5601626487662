import { Query } from '@nestjs/cqrs';
import type { RecipeDetail, UiLang } from '@kb/contracts';

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
