/** `GET /api/common/loadBrandIndexCount` → data. */
export interface BrandIndexCount {
  recipeCount: number;
  recipeCategoryCount: number;
  deviceCount: number;
  onlineDeviceCount: number;
  activatedDeviceCount: number;
  userCount: number;
}
/** `GET /api/common/loadBrandRecipeRanking` → data: list, most popular first. */
export interface RecipeRankingItem {
  recipeId: string;
  recipeName: string;
  count: number;
}
/** `GET /api/common/loadRecipeCategoryRanking` → data: list, most popular first. */
export interface CategoryRankingItem {
  categoryId: string;
  categoryName: string;
  count: number;
}
/** `GET /api/public/config` (no session): what the login page shows. */
export interface PublicConfig {
  companyName: string | null;
}
