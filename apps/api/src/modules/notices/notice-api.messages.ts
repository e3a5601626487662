import { messagesOf } from '../../common/messages.js';

/** Messages of the notice endpoints (§5 notice required fields, §8 "push succeeded"). Merged into the API catalog. */
export const NOTICE_API_MESSAGES = messagesOf(import.meta.url, './notice-api.messages.json');
