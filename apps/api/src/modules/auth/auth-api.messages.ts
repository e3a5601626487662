import { messagesOf } from '../../common/messages.js';

/** The `desc` texts of forged-request refusal and login throttling, in zh and en. */
export const AUTH_API_MESSAGES = messagesOf(import.meta.url, './auth-api.messages.json');
