/** Messages of the review endpoints (`/api/recipeUserEvaluation/*`); merged into the API catalog. */
export const RECIPE_EVALUATION_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  evaluation_recipe_required: { zh: '请选择菜谱', en: 'Choose a recipe' },
  evaluation_recipe_missing: {
    zh: '菜谱不存在或不属于本品牌',
    en: 'The recipe does not exist in your brand',
  },
  evaluation_sn_required: { zh: 'SN号不能为空', en: 'SN number cannot be empty' },
  evaluation_sn_too_long: { zh: 'SN号最多64个字符', en: 'The SN number may have at most 64 characters' },
  evaluation_user_required: { zh: '用户不能为空', en: 'User cannot be empty' },
  evaluation_user_too_long: { zh: '用户最多64个字符', en: 'The user may have at most 64 characters' },
  evaluation_score_required: { zh: '请选择评分', en: 'Choose a score' },
  evaluation_score_range: { zh: '评分须为1到5星', en: 'The score must be 1 to 5 stars' },
  evaluation_content_too_long: {
    zh: '评价内容最多500个字符',
    en: 'The review may have at most 500 characters',
  },
  evaluation_time_invalid: { zh: '时间格式有误', en: 'The time is not valid' },
};
