/**
 * What the recipe decider's refusals name, as keys only: the API words them per language (its recipe module
 * registers the messages and word tables), so the decider stays free of any language.
 */

/** The actions of the transition table (README.md), as `action` params name them. */
export const RECIPE_ACTIONS = [
  'create',
  'copy',
  'revise',
  'submit',
  'release',
  'recall_to_editing',
  'recall_to_waiting_release',
  'delete',
  'recover',
  'clear',
  'set_online',
  'set_paid',
  'change_category',
  'link_models',
  'unlink_models',
  'translate',
] as const;
export type RecipeAction = (typeof RECIPE_ACTIONS)[number];

/** What to do first, when one thing unlocks the refused action (`hint` param; `none` when nothing does). */
export const RECIPE_HINTS = [
  'recall_to_editing_first',
  'recall_first',
  'submit_first',
  'delete_first',
  'recover_first',
  'none',
] as const;
export type RecipeHint = (typeof RECIPE_HINTS)[number];

/** The parts submit requires (`missing` param of recipe_incomplete, comma-separated). */
export const RECIPE_REQUIRED_PARTS = [
  'main_name',
  'picture',
  'difficulty',
  'servings',
  'work_mode_step',
  'compatible_model',
] as const;
export type RecipeRequiredPart = (typeof RECIPE_REQUIRED_PARTS)[number];

/** How a work mode's cycle runs (`cycle` param, with `forward`, `pause` and `reverse` in seconds). */
export type StepCycleShape = 'forward_reverse' | 'one_way';
