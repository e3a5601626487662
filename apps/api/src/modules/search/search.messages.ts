/** Messages of the record search. */
export const SEARCH_MESSAGES: Record<string, { zh: string; en: string }> = {
  search_text_required: { zh: '请输入要查找的内容', en: 'Enter what to look for' },
  search_text_too_long: {
    zh: '查找内容不能超过64个字符',
    en: 'The search text must be at most 64 characters',
  },
};
