import type { Catalog } from '../../../lib/catalog.js';
import type { referenceErrorsZh, referenceZh } from './zh.js';

export const referenceErrorsEn: Catalog<typeof referenceErrorsZh> = {
  number_required: 'Number cannot be empty',
  number_too_long: 'The number may have at most 32 characters',
  number_format: 'The number may contain letters, digits, - and _ only',
  number_taken: 'This number already exists',
  main_name_required: 'The name in the main language is required',
  name_too_long: 'The name may have at most 100 characters',
  file_invalid: 'The image does not exist; upload it again',
  image_required: 'Please upload an image',
  code_too_long: 'At most 64 characters',
};

export const referenceEn: Catalog<typeof referenceZh> = {
  fields: {
    number: 'Number',
    name: 'Name',
    nameIn: 'Name ({{lang}})',
    mainLang: 'Main language',
    sort: 'Sort',
    picture: 'Picture',
    updatedAt: 'Updated',
    language: 'Language',
    languages: 'Languages',
  },
  exportCsv: 'Export CSV',
  mainBadge: 'Main',
  loadFailed: 'The record could not be loaded',
  namesHint: 'One name per language of the brand; the main language is required',
  languagesMissing: 'The brand has no languages yet: choose them in Language settings first.',
  recipes: {
    pickerTitle: 'Choose recipes',
    pickerSearch: 'Recipe name',
    pickerUnavailable: 'The recipe library is not available yet, so no recipes can be chosen for now.',
    addRecipes: 'Add recipes',
    recipeMissing: '(recipe no longer exists)',
    status: 'Status',
    position: 'Position',
    moveUp: 'Move up',
    moveDown: 'Move down',
    removeRecipes: 'Remove',
  },
  recipeStatus: {
    editing: 'Editing',
    waiting_release: 'Waiting for release',
    released: 'Released',
    recycle_bin: 'Recycle bin',
  },
};
