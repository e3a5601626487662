/** Messages of the app user and search record endpoints (`/api/user/*`, `/api/userSearchRecord/*`). */
export const APP_USER_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  app_user_not_found: { zh: '用户不存在', en: 'User does not exist' },
  search_record_not_found: { zh: '搜索记录不存在', en: 'Search record does not exist' },
  status_invalid: { zh: '状态有误', en: 'Invalid status' },
  format_invalid: { zh: '文件格式须为 CSV 或 xlsx', en: 'The file format must be CSV or xlsx' },
  search_record_export_failed: { zh: '搜索记录导出失败', en: 'Exporting the search records failed' },
  period_invalid: { zh: '统计周期有误', en: 'Invalid period' },
  limit_invalid: { zh: '条数须在 1 到 100 之间', en: 'The number of terms must be 1 to 100' },
};
