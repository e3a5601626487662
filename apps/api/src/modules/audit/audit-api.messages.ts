import { messagesOf } from '../../common/messages.js';

/** The refusals of the audit routes (merged into common/messages.ts). */
export const AUDIT_API_MESSAGES = messagesOf(import.meta.url, './audit-api.messages.json');
