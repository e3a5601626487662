import { RECIPE_STATUS_NAMES } from '../../../lib/labels.js';
/**
 * Strings of the recipe reference-data screens. `errors` holds the form rules' codes — the same codes
 * the API's validation uses — and is merged into the app's `errors` catalog, where form errors are looked up.
 */
export const catalogErrorsZh = {
  lang_required: '请至少选择一种语言',
  main_lang_required: '请选择主语言',
  main_lang_not_supported: '主语言必须是品牌支持的语言',
  accessory_type_invalid: '请选择配件类型',
};

export const catalogZh = {
  fields: {
    recipeCount: '菜谱数',
    type: '配件类型',
    code: '编码',
    accessoryCode: '配件编码',
    photo: '配件图片',
    xtPhoto: '设备端图片',
    recipes: '菜谱',
  },
  accessoryTypes: {
    common: '通用',
    ironware: '铁器',
    plastic: '塑料',
    line: '线材',
  },
  languageSettings: {
    intro:
      '选择品牌支持的语言和主语言。所有多语言表单（分类、标签、单位、配件等）只提供这里选中的语言，主语言排在最前且必填。',
    supported: '支持',
    main: '主语言',
    code: '语言代码',
    nativeName: '本地名称',
    selected: '已选择 {{count}} 种语言',
    mainMustBeSupported: '主语言必须是选中的语言之一',
  },
  units: {
    addTitle: '新增单位',
    editTitle: '编辑单位',
  },
  online: {
    addRow: '再加一个分类',
    removeRow: '移除此分类',
    rowTitle: '分类 {{index}}',
    detail: '详情',
    recipes: '菜谱',
    recipeList: '分类下的菜谱',
    pickerAdd: '添加选中的 {{count}} 个菜谱',
    recipeId: '菜谱ID',
    noRecipes: '此分类还没有菜谱',
    status: '状态',
  },
  recipeStatus: RECIPE_STATUS_NAMES.zh,
};
