import { RECIPE_STATUS_NAMES } from '../../../lib/labels.js';
import type { Catalog } from '../../../lib/catalog.js';
import type { catalogErrorsZh, catalogZh } from './zh.js';

export const catalogErrorsEn: Catalog<typeof catalogErrorsZh> = {
  lang_required: 'Choose at least one language',
  main_lang_required: 'Choose the main language',
  main_lang_not_supported: 'The main language must be one of the brand’s languages',
  accessory_type_invalid: 'Choose the accessory type',
};

export const catalogEn: Catalog<typeof catalogZh> = {
  fields: {
    recipeCount: 'Recipes',
    type: 'Type',
    code: 'Code',
    accessoryCode: 'Accessory code',
    photo: 'Accessory image',
    xtPhoto: 'Device-side photo',
    recipes: 'Recipes',
  },
  accessoryTypes: {
    common: 'Common',
    ironware: 'Ironware',
    plastic: 'Plastic',
    line: 'Line',
  },
  languageSettings: {
    intro:
      'Choose the languages the brand supports and its main language. Every multilingual form (categories, tags, units, accessories…) offers exactly these languages, the main one first and required.',
    supported: 'Supported',
    main: 'Main language',
    code: 'Code',
    nativeName: 'Native name',
    selected: '{{count}} languages chosen',
    mainMustBeSupported: 'The main language must be one of the chosen languages',
  },
  units: {
    addTitle: 'New unit',
    editTitle: 'Edit unit',
  },
  online: {
    addRow: 'Add another category',
    removeRow: 'Remove this category',
    rowTitle: 'Category {{index}}',
    detail: 'Details',
    recipes: 'Recipes',
    recipeList: 'Recipes in this category',
    pickerAdd: 'Add the {{count}} chosen recipes',
    recipeId: 'Recipe ID',
    noRecipes: 'This category has no recipes yet',
    status: 'Status',
  },
  recipeStatus: RECIPE_STATUS_NAMES.en,
};
