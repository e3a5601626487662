import { messagesOf } from '../../common/messages.js';

/** Messages of `/api/savedView/*`. */
export const SAVED_VIEW_API_MESSAGES = messagesOf(import.meta.url, './saved-views-api.messages.json');
