/** The refusals of the audit routes (merged into common/messages.ts). */
export const AUDIT_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  audit_kind_invalid: { zh: '记录类型无效', en: 'Unknown kind of record' },
  audit_record_not_found: { zh: '记录不存在', en: 'Record does not exist' },
  audit_revision_invalid: { zh: '版本序号无效', en: 'Invalid version number' },
  audit_revision_not_found: { zh: '该记录没有这个版本', en: 'The record has no such version' },
  audit_cursor_invalid: { zh: '分页位置无效', en: 'Invalid page position' },
  audit_page_size_invalid: { zh: '每页条数须在1–100之间', en: 'The page size must be 1–100' },
};
