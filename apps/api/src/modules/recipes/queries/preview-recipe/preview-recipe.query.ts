import { Query } from '@nestjs/cqrs';
import type { RecipePreview } from '@kb/contracts';

/** The recipe as the appliance's screen shows it (§7 simulat recipeDetail, /preview-detail): one language, one serving size. */
export class PreviewRecipeQuery extends Query<RecipePreview> {
  constructor(
    readonly brand: string,
    readonly id: string,
    readonly lang?: string,
    readonly servings?: number,
  ) {
    super();
  }
}
