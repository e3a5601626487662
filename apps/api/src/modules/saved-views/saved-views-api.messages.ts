/** Messages of `/api/savedView/*`. */
export const SAVED_VIEW_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  saved_view_not_found: { zh: '视图不存在', en: 'The view does not exist' },
  saved_view_list_invalid: { zh: '没有这个列表', en: 'No such list' },
  saved_view_name_required: { zh: '请输入视图名称', en: 'Enter a name for the view' },
  saved_view_name_too_long: { zh: '视图名称最多40个字', en: 'The view name may have at most 40 characters' },
  saved_view_state_invalid: { zh: '视图内容有误', en: 'The view is not valid' },
  saved_view_limit: {
    zh: '每个列表最多保存{max}个视图，请先删除不用的',
    en: 'At most {max} views per list; delete one you no longer use first',
  },
  saved_view_not_owner: {
    zh: '只有保存者或管理员可以删除此视图',
    en: 'Only the one who saved this view, or an admin, can delete it',
  },
  saved_view_saved: { zh: '视图已保存', en: 'View saved' },
  saved_view_deleted: { zh: '视图已删除', en: 'View deleted' },
};
