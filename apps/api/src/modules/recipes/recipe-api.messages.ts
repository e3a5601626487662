import type { RecipeEventType } from '@kb/domain';

/**
 * Messages of the recipe endpoints that are not the decider's (those are `RECIPE_DOMAIN_MESSAGES`, recipe-domain.messages.ts): checks
 * against the brand's data, concurrency, batch summaries. Merged into the API catalog (common/messages.ts).
 */
export const RECIPE_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  recipe_changed: {
    zh: '菜谱{number}已被他人修改，请重新加载后再编辑',
    en: 'Recipe {number} was changed by someone else; reload it and edit again',
  },
  recipe_revision_required: {
    zh: '缺少菜谱的版本号，请重新加载后再保存',
    en: 'The recipe revision is missing; reload and save again',
  },
  recipe_number_taken: {
    zh: '编号{number}已被其他菜谱使用',
    en: 'The number {number} is already used by another recipe',
  },
  recipe_number_unavailable: {
    zh: '无法为复制的菜谱生成新编号，请指定编号',
    en: 'No free number could be made for the copy; give it a number',
  },
  recipe_category_missing: {
    zh: '分类不存在或不属于本品牌',
    en: 'The category does not exist in your brand',
  },
  recipe_tag_missing: { zh: '标签不存在或不属于本品牌', en: 'The label does not exist in your brand' },
  recipe_unit_missing: { zh: '单位不存在或不属于本品牌', en: 'The unit does not exist in your brand' },
  recipe_accessory_missing: {
    zh: '配件不存在或不属于本品牌',
    en: 'The accessory does not exist in your brand',
  },
  recipe_picture_missing: {
    zh: '图片不存在，请重新上传',
    en: 'The picture does not exist; upload it again',
  },
  recipe_media_missing: {
    zh: '步骤的图片或视频不存在，请重新上传',
    en: 'The step’s picture or video does not exist; upload it again',
  },
  recipe_audio_missing: {
    zh: '步骤的音频不存在，请重新上传',
    en: 'The step’s audio does not exist; upload it again',
  },
  recipe_model_missing: {
    zh: '机型{code}不属于本品牌',
    en: 'The model {code} is not one of your brand’s models',
  },
  recipe_model_required: { zh: '请至少选择一个机型', en: 'Choose at least one model' },
  recipe_lang_not_brand: {
    zh: '品牌不支持该语言：{lang:language}',
    en: 'The brand does not support this language: {lang:language}',
  },
  recipe_status_invalid: { zh: '菜谱状态有误', en: 'Unknown recipe status' },
  recipe_date_invalid: { zh: '日期格式有误', en: 'The date is not valid' },
  recipe_category_in_use: {
    zh: '分类“{name}”正被{count}个菜谱使用，不能删除',
    en: 'The category “{name}” is used by {count} recipe(s) and cannot be deleted',
  },
  recipe_batch_done: {
    zh: '{succeeded}个菜谱操作成功',
    en: '{succeeded} recipe(s) done',
  },
  recipe_batch_partial: {
    zh: '{succeeded}个成功，{failed}个失败',
    en: '{succeeded} succeeded, {failed} failed',
  },
  recipe_submitted: { zh: '提交成功', en: 'Submitted successfully' },
  recipe_copied: { zh: '复制成功', en: 'Copied successfully' },
};

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
