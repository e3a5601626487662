import { messagesOf } from '../../common/messages.js';

/** Messages of the long-job endpoints and of the runs' generic failures. Merged into the API catalog. */
export const JOB_API_MESSAGES = messagesOf(import.meta.url, './jobs-api.messages.json');
