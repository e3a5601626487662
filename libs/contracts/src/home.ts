/** `GET /api/common/loadBrandIndexCount` → data. */
export interface BrandIndexCount {
  /** Every recipe not cleared: the recipe list's and the recycle bin's. */
  recipeCount: number;
  /** Of `recipeCount`, how many are in the recycle bin. */
  recycledRecipeCount: number;
  recipeCategoryCount: number;
  deviceCount: number;
  onlineDeviceCount: number;
  activatedDeviceCount: number;
  /** The brand's app users (bound to its devices or registered in the app). */
  userCount: number;
}
/** `GET /api/common/loadBrandRecipeRanking` → data: list, most popular first. */
export interface RecipeRankingItem {
  recipeId: string;
  recipeNumber: string;
  recipeName: string;
  count: number;
}
/** `GET /api/common/loadRecipeCategoryRanking` → data: list, most popular first. */
export interface CategoryRankingItem {
  categoryId: string;
  categoryNumber: string;
  categoryName: string;
  count: number;
}
/** `GET /api/public/config` (no session): what the login page shows. */
export interface PublicConfig {
  companyName: string | null;
}
