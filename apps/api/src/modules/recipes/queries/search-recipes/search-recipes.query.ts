import { Query } from '@nestjs/cqrs';
import type { RecipeListItem, UiLang } from '@kb/contracts';

/** Quick lookup for pickers (online categories, banners, themed groups): number prefix or name, at most 50. */
export class SearchRecipesQuery extends Query<RecipeListItem[]> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly keyword: string,
    readonly status?: RecipeListItem['status'],
  ) {
    super();
  }
}
