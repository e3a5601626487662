/**
 * Strings of the reference-entity kit (src/components/reference): the fields every reference screen shares, the
 * name-per-language fields, the recipe picker and linked-recipe lists. `errors` holds the shared form rules'
 * codes and is merged into the app's `errors` catalog.
 */
export const referenceErrorsZh = {
  number_required: '编号不能为空',
  number_too_long: '编号最多32个字符',
  number_format: '编号只能包含字母、数字、-和_',
  number_taken: '编号已存在',
  main_name_required: '主语言名称不能为空',
  name_too_long: '名称最多100个字符',
  file_invalid: '图片不存在，请重新上传',
  image_required: '请上传图片',
  code_too_long: '最多64个字符',
};

export const referenceZh = {
  fields: {
    number: '编号',
    name: '名称',
    nameIn: '名称（{{lang}}）',
    mainLang: '主语言',
    sort: '排序',
    picture: '图片',
    updatedAt: '更新时间',
    language: '语言',
    languages: '语言',
  },
  exportCsv: '导出CSV',
  mainBadge: '主语言',
  loadFailed: '记录加载失败',
  namesHint: '品牌支持的每种语言一个名称，主语言必填',
  languagesMissing: '品牌尚未设置语言，请先在“语言设置”中选择。',
  recipes: {
    pickerTitle: '选择菜谱',
    pickerSearch: '菜谱名称',
    pickerUnavailable: '菜谱库暂不可用，暂时无法选择菜谱。',
    addRecipes: '添加菜谱',
    recipeMissing: '（菜谱已不存在）',
    status: '状态',
    position: '顺序',
    moveUp: '上移',
    moveDown: '下移',
    removeRecipes: '移除',
  },
  recipeStatus: {
    editing: '编辑中',
    waiting_release: '待发布',
    released: '已发布',
    recycle_bin: '回收站',
  },
};
