import { RecipeListScreen } from '../components/recipe-list-screen.js';

/** §2 /recipe-list (kept alive): the brand's recipe library. */
export function RecipeListPage() {
  return <RecipeListScreen listKey="library" views="recipe" withToolbar />;
}

/** §2 /online-recipe-list: the recipes set online. */
export function OnlineRecipeListPage() {
  return <RecipeListScreen listKey="online" views="onlineRecipe" fixed={{ online: 'true' }} />;
}

/** §2 /pay-recipe-list: the paid recipes. */
export function PayRecipeListPage() {
  return <RecipeListScreen listKey="paid" views="paidRecipe" fixed={{ paid: 'true' }} />;
}
