import { PAYING_LEVEL_MAX } from '@kb/contracts';

/** Messages of the paying users (`/api/vipUser/*`) and of their import's run and per-row report. */
export const PAYING_USER_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  paying_user_not_found: { zh: '付费用户不存在', en: 'Paying user does not exist' },
  paying_state_invalid: { zh: '付费状态有误', en: 'Invalid paying state' },
  paying_date_invalid: { zh: '日期格式须为 YYYY-MM-DD', en: 'Dates must be written YYYY-MM-DD' },
  paying_import_file_missing: {
    zh: '导入文件不存在，请重新上传',
    en: 'The import file does not exist; upload it again',
  },
  paying_import_format: {
    zh: '文件格式须为 CSV 或 xlsx（请使用下载的模板）',
    en: 'The file format must be CSV or xlsx (use the downloaded template)',
  },
  paying_import_unreadable: {
    zh: '无法读取文件，请使用下载的模板（CSV 或 xlsx）',
    en: 'The file cannot be read; use the downloaded template (CSV or xlsx)',
  },
  paying_import_columns_missing: {
    zh: '文件缺少模板的列：{columns}（模板的列为 {expected}），未导入任何数据',
    en: 'The file lacks the template’s columns: {columns} (the template has {expected}); nothing was imported',
  },
  paying_import_empty: {
    zh: '文件中没有数据行，未导入任何数据',
    en: 'The file holds no data row; nothing was imported',
  },
  paying_import_too_long: {
    zh: '文件最多 {max} 行数据，未导入任何数据',
    en: 'A file may hold at most {max} data rows; nothing was imported',
  },
  paying_import_failed: { zh: '付费用户导入失败：{reason}', en: 'Importing paying users failed: {reason}' },
  paying_import_account_unknown: {
    zh: '账号不存在（不是本品牌的 App 用户）',
    en: 'Account not found (not an app user of this brand)',
  },
  paying_import_repeated: { zh: '账号与第 {row} 行重复', en: 'Account repeats row {row}' },
  paying_account_required: { zh: '账号不能为空', en: 'Account cannot be empty' },
  paying_account_too_long: { zh: '账号最多 64 个字符', en: 'Account is at most 64 characters' },
  paying_level_invalid: {
    zh: `会员等级须为 1 到 ${PAYING_LEVEL_MAX} 的整数`,
    en: `Level must be a whole number from 1 to ${PAYING_LEVEL_MAX}`,
  },
  paying_start_invalid: {
    zh: '开始日期有误（格式 YYYY-MM-DD）',
    en: 'Invalid start date (write YYYY-MM-DD)',
  },
  paying_end_invalid: { zh: '结束日期有误（格式 YYYY-MM-DD）', en: 'Invalid end date (write YYYY-MM-DD)' },
  paying_dates_reversed: { zh: '结束日期早于开始日期', en: 'The end date is before the start date' },
};
