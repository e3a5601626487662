import { messagesOf } from '../../common/messages.js';

/** Messages of the staff endpoints (`/api/staff/*`) and of the operator's CLI (`npm run admin`). */
export const STAFF_API_MESSAGES = messagesOf(import.meta.url, './staff-api.messages.json');
