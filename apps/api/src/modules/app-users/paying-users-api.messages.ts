import { PAYING_LEVEL_MAX } from '@kb/contracts';
import { messagesOf, type MessageCatalog } from '../../common/messages.js';

/** Messages of the paying users (`/api/vipUser/*`) and of their import's run and per-row report. */
export const PAYING_USER_API_MESSAGES: MessageCatalog = {
  ...messagesOf(import.meta.url, './paying-users-api.messages.json'),
  // Its bound comes from the contracts, so the words follow it.
  paying_level_invalid: {
    zh: `会员等级须为 1 到 ${PAYING_LEVEL_MAX} 的整数`,
    en: `Level must be a whole number from 1 to ${PAYING_LEVEL_MAX}`,
  },
};
