import { Query } from '@nestjs/cqrs';
import type { RecipeListItem, RecipeListPage, RecipeListQuery, UiLang } from '@kb/contracts';

/** The recipe library, recycle bin, online and paid lists: one filtered, paged query over `recipe_list`. */
export class ListRecipesQuery extends Query<RecipeListPage | RecipeListItem[]> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly filter: RecipeListQuery,
  ) {
    super();
  }
}
