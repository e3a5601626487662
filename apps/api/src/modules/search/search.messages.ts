import { messagesOf } from '../../common/messages.js';

/** Messages of the record search. */
export const SEARCH_MESSAGES = messagesOf(import.meta.url, './search.messages.json');
