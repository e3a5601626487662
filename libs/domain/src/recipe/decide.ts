import {
  isRecipeTextPath,
  type RecipeContent,
  type RecipeContentDraft,
  type RecipeStatus,
  type RecipeTranslationField,
} from '@kb/contracts';
import { changedFields, DomainError, decideByTable, type Decider } from '../decider.js';
import type { RecipeEvent } from './events.js';
import type { RecipeAction, RecipeHint, RecipeRequiredPart } from './refusals.js';
import { evolveRecipe, initialRecipeState, type ExistingRecipe, type RecipeState } from './state.js';
import { prepareContent } from './steps.js';

/** What staff ask of a recipe. Commands other than create and copy address the recipe whose state is given. */
export type RecipeCommand =
  /** `importedFrom`: the file name of the recipe zip it came from (a recipe import), kept on the event. */
  | { type: 'CreateRecipe'; recipeId: string; content: RecipeContentDraft; importedFrom?: string }
  /**
   * Addressed to the NEW recipe; the API loads the source's stream and hands in its state, and the copy's name per
   * language (the API's `copyName`: one no other recipe of the brand has), so that the copy is told from its source.
   */
  | {
      type: 'CopyRecipe';
      recipeId: string;
      number: string;
      source: { recipeId: string; state: RecipeState };
      names?: Record<string, string>;
    }
  /** The whole content as the editor saves it; only the fields that differ become the event. */
  | { type: 'ReviseRecipeContent'; content: RecipeContentDraft }
  | { type: 'SubmitRecipe' }
  | { type: 'ReleaseRecipe' }
  | { type: 'RecallRecipeToEditing' }
  | { type: 'RecallRecipeToWaitingRelease' }
  /** `at`: ISO-8601 time of the deletion (the handler's clock; the decider has none). */
  | { type: 'DeleteRecipe'; at: string }
  | { type: 'RecoverRecipe' }
  | { type: 'ClearRecipe' }
  | { type: 'SetRecipeOnlineStatus'; online: boolean }
  | { type: 'SetRecipePaidStatus'; paid: boolean }
  | { type: 'ChangeRecipeCategory'; categoryId: string | null }
  | { type: 'LinkRecipeModels'; productCodes: string[] }
  | { type: 'UnlinkRecipeModels'; productCodes: string[] }
  /** Saves a reviewed translation as proposed; every target must be one of the recipe's languages. */
  | {
      type: 'TranslateRecipe';
      jobId: string;
      provider: string;
      sourceLang: string;
      targetLangs: string[];
      fields: RecipeTranslationField[];
    };

export type RecipeCommandType = RecipeCommand['type'];

export const RECIPE_COMMAND_ACTIONS: Record<RecipeCommandType, RecipeAction> = {
  CreateRecipe: 'create',
  CopyRecipe: 'copy',
  ReviseRecipeContent: 'revise',
  SubmitRecipe: 'submit',
  ReleaseRecipe: 'release',
  RecallRecipeToEditing: 'recall_to_editing',
  RecallRecipeToWaitingRelease: 'recall_to_waiting_release',
  DeleteRecipe: 'delete',
  RecoverRecipe: 'recover',
  ClearRecipe: 'clear',
  SetRecipeOnlineStatus: 'set_online',
  SetRecipePaidStatus: 'set_paid',
  ChangeRecipeCategory: 'change_category',
  LinkRecipeModels: 'link_models',
  UnlinkRecipeModels: 'unlink_models',
  TranslateRecipe: 'translate',
};

const LIVE: readonly RecipeStatus[] = ['editing', 'waiting_release', 'released'];

/**
 * The transition table of README.md: the states each action on an existing recipe is allowed in. Create and
 * copy are allowed only before the stream exists. Where the action leads is in the events below.
 */
export const RECIPE_ACTION_ALLOWED_IN: Record<
  Exclude<RecipeAction, 'create' | 'copy'>,
  readonly RecipeStatus[]
> = {
  revise: ['editing'],
  submit: ['editing'],
  release: ['waiting_release'],
  recall_to_editing: ['waiting_release', 'released'],
  recall_to_waiting_release: ['released'],
  delete: ['editing', 'waiting_release'],
  recover: ['recycle_bin'],
  clear: ['recycle_bin'],
  set_online: LIVE,
  set_paid: LIVE,
  change_category: LIVE,
  link_models: LIVE,
  unlink_models: LIVE,
  // Like an edit: a submitted or released recipe is recalled to editing before its texts change.
  translate: ['editing'],
};

/** The states a recipe may be copied from. */
export const RECIPE_COPYABLE_IN: readonly RecipeStatus[] = LIVE;

function hint(status: RecipeStatus, action: RecipeAction): RecipeHint {
  if (status === 'recycle_bin') return 'recover_first';
  if (status === 'released' && (action === 'revise' || action === 'submit' || action === 'translate'))
    return 'recall_to_editing_first';
  if (status === 'released' && (action === 'delete' || action === 'clear')) return 'recall_first';
  if (status === 'waiting_release' && (action === 'revise' || action === 'translate'))
    return 'recall_to_editing_first';
  if (status === 'editing' && action === 'release') return 'submit_first';
  if ((status === 'editing' || status === 'waiting_release') && action === 'clear') return 'delete_first';
  return 'none';
}

/** 409 naming the recipe, its state, the refused action and what to do first (the API words them). */
export function illegalTransition(state: ExistingRecipe, action: RecipeAction): DomainError {
  return new DomainError(409, 'recipe_illegal_transition', {
    number: state.content.number,
    state: state.status,
    action,
    hint: hint(state.status, action),
  });
}

/** What submit still needs; empty when the recipe is complete. */
export function missingForSubmit(content: RecipeContent): RecipeRequiredPart[] {
  const missing: RecipeRequiredPart[] = [];
  if (!content.texts[content.mainLang]?.name) missing.push('main_name');
  if (!content.pictureFileCode) missing.push('picture');
  if (!content.difficulty) missing.push('difficulty');
  if (content.servingVersions.length === 0) missing.push('servings');
  if (
    content.servingVersions.length === 0 ||
    content.servingVersions.some((version) => !version.steps.some((step) => step.workMode !== null))
  )
    missing.push('work_mode_step');
  if (content.productCodes.length === 0) missing.push('compatible_model');
  return missing;
}

function decideOnExisting(command: RecipeCommand, state: ExistingRecipe): RecipeEvent[] {
  const { content } = state;
  switch (command.type) {
    case 'CreateRecipe':
    case 'CopyRecipe':
      throw new DomainError(409, 'recipe_already_exists', { number: content.number });
    case 'ReviseRecipeContent': {
      const changes = changedFields(content, prepareContent(command.content));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'RecipeContentRevised', data: { changes } }];
    }
    case 'SubmitRecipe': {
      const missing = missingForSubmit(content);
      if (missing.length > 0)
        throw new DomainError(400, 'recipe_incomplete', {
          number: content.number,
          missing: missing.join(','),
        });
      return [{ type: 'RecipeSubmitted', data: {} }];
    }
    case 'ReleaseRecipe':
      return [{ type: 'RecipeReleased', data: { version: state.version + 1 } }];
    case 'RecallRecipeToEditing':
      return [
        {
          type: 'RecipeRecalledToEditing',
          data: { from: state.status === 'released' ? 'released' : 'waiting_release' },
        },
      ];
    case 'RecallRecipeToWaitingRelease':
      return [{ type: 'RecipeRecalledToWaitingRelease', data: {} }];
    case 'DeleteRecipe':
      return [
        {
          type: 'RecipeMovedToRecycleBin',
          data: {
            from: state.status === 'waiting_release' ? 'waiting_release' : 'editing',
            deletedAt: command.at,
          },
        },
      ];
    case 'RecoverRecipe':
      return [{ type: 'RecipeRecovered', data: { to: state.recycledFrom ?? 'editing' } }];
    case 'ClearRecipe':
      return [{ type: 'RecipeCleared', data: {} }];
    case 'SetRecipeOnlineStatus':
      return content.online === command.online
        ? []
        : [{ type: 'RecipeOnlineStatusSet', data: { online: command.online } }];
    case 'SetRecipePaidStatus':
      return content.paid === command.paid
        ? []
        : [{ type: 'RecipePaidStatusSet', data: { paid: command.paid } }];
    case 'ChangeRecipeCategory':
      return content.categoryId === command.categoryId
        ? []
        : [{ type: 'RecipeCategoryChanged', data: { categoryId: command.categoryId } }];
    case 'LinkRecipeModels': {
      const linked = new Set(content.productCodes);
      const added = [...new Set(command.productCodes)].filter((code) => !linked.has(code));
      return added.length === 0 ? [] : [{ type: 'RecipeModelsLinked', data: { productCodes: added } }];
    }
    case 'UnlinkRecipeModels': {
      const unlinking = new Set(command.productCodes);
      const removed = content.productCodes.filter((code) => unlinking.has(code));
      if (removed.length === 0) return [];
      // A submitted or released recipe passed the completeness rule; it may not lose its last model.
      if (state.status !== 'editing' && removed.length === content.productCodes.length)
        throw new DomainError(409, 'recipe_last_model', { number: content.number });
      return [{ type: 'RecipeModelsUnlinked', data: { productCodes: removed } }];
    }
    case 'TranslateRecipe':
      return decideTranslation(command, state);
  }
}

/**
 * A translation fits the recipe when its languages are the recipe's, the source is not a target, every path names
 * a text of the content and each field carries exactly the targets. Nothing else is checked: the texts are the
 * reviewed proposal.
 */
function decideTranslation(
  command: Extract<RecipeCommand, { type: 'TranslateRecipe' }>,
  state: ExistingRecipe,
): RecipeEvent[] {
  const { content } = state;
  const langs = new Set(content.langs);
  const targets = new Set(command.targetLangs);
  const fits =
    langs.has(command.sourceLang) &&
    command.targetLangs.length > 0 &&
    command.targetLangs.every((lang) => langs.has(lang) && lang !== command.sourceLang) &&
    command.fields.length > 0 &&
    command.fields.every(
      (field) =>
        isRecipeTextPath(content, field.path) &&
        Object.keys(field.translations).length === targets.size &&
        Object.keys(field.translations).every((lang) => targets.has(lang)),
    );
  if (!fits) throw new DomainError(400, 'recipe_translation_invalid', { number: content.number });
  const { jobId, provider, sourceLang, targetLangs, fields } = command;
  return [{ type: 'RecipeTranslated', data: { jobId, provider, sourceLang, targetLangs, fields } }];
}

function renamed(texts: RecipeContent['texts'], names: Record<string, string>): RecipeContent['texts'] {
  return Object.fromEntries(
    Object.entries(texts).map(([lang, t]) => [lang, names[lang] ? { ...t, name: names[lang] } : t]),
  );
}

function decideCopy(command: Extract<RecipeCommand, { type: 'CopyRecipe' }>): RecipeEvent[] {
  const source = command.source.state;
  if (source.status === 'absent')
    throw new DomainError(404, 'recipe_copy_source_not_found', { recipeId: command.source.recipeId });
  if (!RECIPE_COPYABLE_IN.includes(source.status)) throw illegalTransition(source, 'copy');
  return [
    {
      type: 'RecipeCopied',
      data: {
        recipeId: command.recipeId,
        // A copy is a fresh draft: its own number and names, not offered online or for pay until someone decides so.
        content: {
          ...source.content,
          number: command.number,
          texts: renamed(source.content.texts, command.names ?? {}),
          online: false,
          paid: false,
        },
        copiedFrom: {
          recipeId: command.source.recipeId,
          number: source.content.number,
          version: source.version,
        },
      },
    },
  ];
}

/** Command → events, or a DomainError: 404 no such recipe, 409 not in this state, 400 content rules. */
export const decideRecipe = decideByTable<
  RecipeCommand,
  RecipeEvent,
  RecipeState,
  RecipeAction,
  RecipeStatus
>({
  actionOf: RECIPE_COMMAND_ACTIONS,
  allowedIn: RECIPE_ACTION_ALLOWED_IN,
  placeOf: (state) => state.status,
  create(command) {
    if (command.type === 'CreateRecipe')
      return [
        {
          type: 'RecipeCreated',
          data: {
            recipeId: command.recipeId,
            content: prepareContent(command.content),
            ...(command.importedFrom ? { importedFrom: { fileName: command.importedFrom } } : {}),
          },
        },
      ];
    if (command.type === 'CopyRecipe') return decideCopy(command);
    throw new DomainError(404, 'recipe_not_found');
  },
  illegal: illegalTransition,
  onExisting: decideOnExisting,
});

export const recipeDecider: Decider<RecipeCommand, RecipeEvent, RecipeState> = {
  initialState: initialRecipeState,
  evolve: evolveRecipe,
  decide: decideRecipe,
};
