import type { Catalog } from '../../../lib/catalog.js';
import type { reviewsZh } from './zh.js';

export const reviewsEn: Catalog<typeof reviewsZh> = {
  fields: {
    recipe: 'Recipe',
    recipeNumber: 'Recipe number',
    recipeName: 'Recipe name',
    sn: 'SN number',
    user: 'User',
    userAccount: 'User account',
    userNickname: 'Nickname',
    score: 'Score',
    content: 'Review',
    time: 'Reviewed at',
    date: 'Review date',
  },
  stars: '{{count}} stars',
  recipePlaceholder: 'Type a number or name to find the recipe',
  noRecipe: 'No matching recipe',
  add: 'Add review',
  errors: {
    recipe: 'Choose a recipe',
    sn: 'SN number cannot be empty',
    user: 'User cannot be empty',
    score: 'Choose a score',
  },
};
