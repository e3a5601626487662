import { messagesOf } from '../../common/messages.js';

/** Messages of the content endpoints: banners, themed groups, lock-screen ads, hot labels, the H5 page. */
export const CONTENT_API_MESSAGES = messagesOf(import.meta.url, './content-api.messages.json');
