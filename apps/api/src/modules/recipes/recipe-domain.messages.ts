import { WORK_MODES, type RecipeStatus } from '@kb/contracts';
import { messagesOf, wordsOf, type Words, type WordTables } from '../../common/messages.js';

/**
 * Every code the recipe decider of @kb/domain throws and every `recipe_*` message key of the recipe schemas in
 * @kb/contracts, in zh and en. The decider's params name enumerated things by key (state, action, hint, missing
 * parts, step setting, work mode, cycle shape); `{param:table}` placeholders word them from the tables below.
 */
export const RECIPE_DOMAIN_MESSAGES = messagesOf(import.meta.url, './recipe-domain.messages.json');

/**
 * The word tables the recipe messages' placeholders name: how a recipe's state reads after "is" / "当前为"
 * (`recipeState`, also the audit trail's words for a state); the refused action, past participles in en and verbs
 * in zh, to fit "it cannot be {action}" / "不能{action}" (`recipeAction`); what to do first, when one thing unlocks
 * the refused action (`recipeHint`); the parts submit requires, as recipe_incomplete lists them (`recipePart`); a
 * step's settings (`stepSetting`); a work mode's cycle, its seconds filled from the refusal's `forward`, `pause` and
 * `reverse` (`stepCycle`); and the work modes, by the names the contracts give them (`workMode`).
 */
export const RECIPE_DOMAIN_WORDS: WordTables = {
  ...wordsOf(import.meta.url, './recipe-domain.words.json'),
  workMode: Object.fromEntries(WORK_MODES.map((mode) => [mode.code, { zh: mode.nameZh, en: mode.nameEn }])),
};

export const RECIPE_STATUS_NAMES = RECIPE_DOMAIN_WORDS.recipeState as Record<RecipeStatus, Words>;
