/** Messages of the content endpoints: banners, themed groups, lock-screen ads, hot labels, the H5 page. */
export const CONTENT_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  name_required: { zh: '请输入名称', en: 'Enter a name' },
  text_too_long: { zh: '内容过长', en: 'The text is too long' },
  too_many: { zh: '数量过多', en: 'Too many items' },
  banner_image_one: { zh: '轮播图须上传且只能上传1张图片', en: 'A banner needs exactly 1 image' },
  banner_link_kind_invalid: { zh: '请选择链接类型', en: 'Choose a link type' },
  banner_position_invalid: { zh: '请选择展示位置', en: 'Choose a position' },
  banner_url_invalid: {
    zh: '请输入以 http:// 或 https:// 开头的链接',
    en: 'Enter a link starting with http:// or https://',
  },
  banner_recipe_required: { zh: '请选择关联食谱', en: 'Choose the linked recipe' },
  online_period_invalid: {
    zh: '上线结束时间须晚于开始时间',
    en: 'The end of the online period must be after its start',
  },
  images_too_many: { zh: '最多上传5张图片', en: 'At most 5 images' },
  model_required: { zh: '请选择适用机型', en: 'Choose the models it applies to' },
  recipe_not_released: {
    zh: '食谱 {number} 未发布，只能关联已发布的食谱',
    en: 'Recipe {number} is not released; only released recipes can be linked',
  },
  recipe_linked_by_content: {
    zh: '食谱 {number} 被{kind}“{names}”引用，请先解除关联',
    en: 'Recipe {number} is linked by the {kind} “{names}”; unlink it first',
  },
  content_kind_banner: { zh: '轮播图', en: 'banner(s)' },
  content_kind_group: { zh: '主题食谱', en: 'themed group(s)' },
};
