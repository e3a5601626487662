/** Messages of the notice endpoints (§5 notice required fields, §8 "push succeeded"). Merged into the API catalog. */
export const NOTICE_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  notice_label_required: { zh: '请输入标签', en: 'Enter a label' },
  notice_label_too_long: { zh: '标签最多64个字符', en: 'The label has at most 64 characters' },
  notice_title_required: { zh: '请输入标题', en: 'Enter a title' },
  notice_title_too_long: { zh: '标题最多100个字符', en: 'The title has at most 100 characters' },
  notice_content_required: { zh: '请输入内容', en: 'Enter the content' },
  notice_content_too_long: { zh: '内容最多5000个字符', en: 'The content has at most 5000 characters' },
  notice_texts_required: {
    zh: '请至少填写一种语言的标题和内容',
    en: 'Write the title and content in at least one language',
  },
  notice_lang_repeated: { zh: '同一语言只能填写一次', en: 'Each language can be written once' },
  notice_lang_unsupported: {
    zh: '语言{lang}不是品牌支持的语言',
    en: 'Language {lang} is not one of your brand’s languages',
  },
  notice_push_mode_invalid: { zh: '请选择推送方式', en: 'Choose a push mode' },
  notice_push_at_required: { zh: '请选择定时时间', en: 'Choose the timer time' },
  notice_push_at_invalid: { zh: '定时时间格式有误', en: 'The timer time is not valid' },
  notice_push_at_past: { zh: '定时时间须晚于当前时间', en: 'The timer time must be in the future' },
  notice_target_invalid: { zh: '请选择推送对象', en: 'Choose who receives the notice' },
  notice_regions_required: { zh: '请选择指定区域', en: 'Choose the regions' },
  notice_region_unknown: { zh: '区域{code}不存在', en: 'Region {code} does not exist' },
  notice_models_required: { zh: '请选择指定型号', en: 'Choose the models' },
  notice_user_file_required: { zh: '请上传自定义用户名单', en: 'Upload the list of custom users' },
  notice_user_file_unreadable: {
    zh: '名单文件无法读取，请使用模板（csv或xlsx，第一列为账号）',
    en: 'The list cannot be read; use the template (csv or xlsx, accounts in the first column)',
  },
  notice_user_file_bad_rows: {
    zh: '名单中有无效账号：第{rows}行（共{count}行）。账号为1到64个字符，不含控制字符，请修改名单后重新上传',
    en: 'The list has rows that are not valid accounts: row {rows} ({count} in all). An account has 1 to 64 characters and no control characters; correct the list and upload it again',
  },
  notice_user_file_empty: { zh: '名单中没有账号', en: 'The list holds no accounts' },
  notice_user_file_too_long: { zh: '名单最多{max}个账号', en: 'The list holds at most {max} accounts' },
  notice_users_none_known: {
    zh: '名单中的账号都不是本品牌的用户',
    en: 'None of the accounts in the list is a user of your brand',
  },
  notice_not_editable: {
    zh: '通知已开始推送或已取消，不能再修改',
    en: 'The notice has started pushing or was cancelled; it can no longer be changed',
  },
  notice_not_pushable: {
    zh: '只能推送草稿或推送失败的通知',
    en: 'Only a draft or a failed notice can be pushed',
  },
  notice_not_cancellable: {
    zh: '只能取消草稿或待定时推送的通知',
    en: 'Only a draft or scheduled notice can be cancelled',
  },
  notice_not_deletable: {
    zh: '只能删除草稿或已取消的通知：{numbers}',
    en: 'Only draft or cancelled notices can be deleted: {numbers}',
  },
  notice_queue_down: {
    zh: '推送队列暂不可用，请稍后再试',
    en: 'The push queue is unavailable; try again shortly',
  },
  notice_pushed: { zh: '推送成功', en: 'Push succeeded' },
  notice_scheduled: { zh: '已设置定时推送', en: 'The push is scheduled' },
  notice_cancelled: { zh: '已取消推送', en: 'The push was cancelled' },
};
