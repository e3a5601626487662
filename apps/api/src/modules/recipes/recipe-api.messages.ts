import type { RecipeEventType } from '@kb/domain';
import { messagesOf } from '../../common/messages.js';

/**
 * Messages of the recipe endpoints that are not the decider's (those are `RECIPE_DOMAIN_MESSAGES`, recipe-domain.messages.ts): checks
 * against the brand's data, concurrency, batch summaries. Merged into the API catalog (common/messages.ts).
 */
export const RECIPE_API_MESSAGES = messagesOf(import.meta.url, './recipe-api.messages.json');

/** What each event says in the history timeline. */
export const RECIPE_EVENT_TITLES: Record<RecipeEventType, { zh: string; en: string }> = {
  RecipeCreated: { zh: '新建菜谱', en: 'Recipe created' },
  RecipeCopied: { zh: '复制生成菜谱', en: 'Recipe created as a copy' },
  RecipeContentRevised: { zh: '修改内容', en: 'Content edited' },
  RecipeSubmitted: { zh: '提交待发布', en: 'Submitted for release' },
  RecipeReleased: { zh: '发布', en: 'Released' },
  RecipeRecalledToEditing: { zh: '撤回到编辑', en: 'Recalled to editing' },
  RecipeRecalledToWaitingRelease: { zh: '撤回到待发布', en: 'Recalled to waiting release' },
  RecipeMovedToRecycleBin: { zh: '删除到回收站', en: 'Moved to the recycle bin' },
  RecipeRecovered: { zh: '从回收站恢复', en: 'Recovered from the recycle bin' },
  RecipeCleared: { zh: '彻底清除', en: 'Cleared' },
  RecipeOnlineStatusSet: { zh: '设置上线状态', en: 'Online status set' },
  RecipePaidStatusSet: { zh: '设置付费状态', en: 'Paid status set' },
  RecipeCategoryChanged: { zh: '修改分类', en: 'Category changed' },
  RecipeModelsLinked: { zh: '关联机型', en: 'Models linked' },
  RecipeModelsUnlinked: { zh: '取消关联机型', en: 'Models unlinked' },
  RecipeTranslated: { zh: '翻译', en: 'Translated' },
};
