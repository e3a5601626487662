import { messagesOf } from '../../common/messages.js';

/** Messages of the recipe import, export and translation jobs. Merged into the API catalog. */
export const RECIPE_JOB_MESSAGES = messagesOf(import.meta.url, './recipe-jobs.messages.json');
