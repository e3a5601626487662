import { messagesOf } from '../../common/messages.js';

/** Messages of the app user and search record endpoints (`/api/user/*`, `/api/userSearchRecord/*`). */
export const APP_USER_API_MESSAGES = messagesOf(import.meta.url, './app-users-api.messages.json');
