/** Messages of the recipe import, export and translation jobs. Merged into the API catalog. */
export const RECIPE_JOB_MESSAGES: Record<string, { zh: string; en: string }> = {
  recipe_export_none: { zh: '没有可导出的菜谱', en: 'There are no recipes to export' },
  recipe_export_too_many: {
    zh: '一次最多导出{max}个菜谱，请缩小筛选范围',
    en: 'At most {max} recipes can be exported at once; narrow the filter',
  },
  recipe_export_started: { zh: '菜谱导出已开始', en: 'The recipe export has started' },
  recipe_export_failed: { zh: '导出失败：{reason}', en: 'Export failed: {reason}' },
  recipe_export_media_missing: {
    zh: '{count}个媒体文件已不存在，无法导出',
    en: '{count} media file(s) are gone; the export cannot be written',
  },
  recipe_import_started: { zh: '菜谱导入已开始', en: 'The recipe import has started' },
  recipe_import_file_missing: {
    zh: '导入文件不存在，请重新上传',
    en: 'The file to import does not exist; upload it again',
  },
  recipe_import_failed: { zh: '导入失败：{reason}', en: 'Import failed: {reason}' },
  recipe_import_not_zip: {
    zh: '导入失败：文件格式错误，只能导入zip文件',
    en: 'Import failed: wrong file format, only a zip file can be imported',
  },
  recipe_import_zip_broken: {
    zh: '导入失败：zip文件已损坏（{reason}）',
    en: 'Import failed: the zip file is damaged ({reason})',
  },
  recipe_import_path_traversal: {
    zh: '导入失败：压缩包含有不安全的路径“{name}”',
    en: 'Import failed: the archive holds an unsafe path “{name}”',
  },
  recipe_import_too_many_entries: {
    zh: '导入失败：压缩包文件数超过{max}个',
    en: 'Import failed: the archive holds more than {max} files',
  },
  recipe_import_too_large: {
    zh: '导入失败：压缩包解压后超过{max}',
    en: 'Import failed: the archive expands to more than {max}',
  },
  recipe_import_manifest_missing: {
    zh: '导入失败：压缩包中没有manifest.json',
    en: 'Import failed: the archive has no manifest.json',
  },
  recipe_import_manifest_invalid: {
    zh: '导入失败：manifest.json格式有误（{reason}）',
    en: 'Import failed: manifest.json is not valid ({reason})',
  },
  recipe_import_manifest_count: {
    zh: '菜谱数量与清单不符',
    en: 'the recipe count does not match the list',
  },
  recipe_import_checksum: {
    zh: '导入失败：“{name}”的校验值与清单不符',
    en: 'Import failed: the checksum of “{name}” does not match the manifest',
  },
  recipe_import_entry_missing: {
    zh: '导入失败：清单中的“{name}”不在压缩包中',
    en: 'Import failed: “{name}” of the manifest is not in the archive',
  },
  recipe_import_recipe_invalid: {
    zh: '菜谱内容有误：{reason}',
    en: 'The recipe content is not valid: {reason}',
  },
  recipe_import_number_exists: {
    zh: '编号{number}已存在，未覆盖',
    en: 'Number {number} already exists; not overwritten',
  },
  recipe_import_unknown_model: {
    zh: '未知型号：{codes}',
    en: 'Unknown model(s): {codes}',
  },
  recipe_import_unknown_category: {
    zh: '未知分类编号：{number}',
    en: 'Unknown category number: {number}',
  },
  recipe_import_unknown_tags: { zh: '未知标签编号：{numbers}', en: 'Unknown label number(s): {numbers}' },
  recipe_import_unknown_accessories: {
    zh: '未知配件编号：{numbers}',
    en: 'Unknown accessory number(s): {numbers}',
  },
  recipe_import_unknown_units: { zh: '未知单位：{names}', en: 'Unknown unit(s): {names}' },
  recipe_import_unknown_langs: {
    zh: '品牌未启用的语言：{langs:language[]}',
    en: 'Language(s) not enabled for the brand: {langs:language[]}',
  },
  recipe_import_no_lang_left: {
    zh: '菜谱的语言（{langs:language[]}）都已按选择删除，无法导入',
    en: 'Every language of the recipe ({langs:language[]}) was dropped as chosen; it cannot be imported',
  },
  recipe_import_main_name_missing: {
    zh: '菜谱在主语言{lang:language}中没有名称',
    en: 'The recipe has no name in its main language {lang:language}',
  },
  recipe_import_lang_choice: {
    zh: '请选择启用该语言或删除其文字',
    en: 'Choose to enable the language or drop its texts',
  },
  recipe_import_lang_unknown: {
    zh: '系统不支持语言“{lang}”',
    en: 'The system does not know the language “{lang}”',
  },
  recipe_import_choice_lang_enabled: {
    zh: '语言{lang:language}：已为本品牌启用',
    en: 'Language {lang:language}: enabled for the brand',
  },
  recipe_import_choice_lang_dropped: {
    zh: '语言{lang:language}：其文字已删除，未导入',
    en: 'Language {lang:language}: its texts were dropped, not imported',
  },
  recipe_import_choice_categories_created: { zh: '分类：已新建', en: 'Category: created' },
  recipe_import_choice_tags_created: { zh: '标签：已新建', en: 'Tag: created' },
  recipe_import_choice_units_created: { zh: '单位：已新建', en: 'Unit: created' },
  recipe_import_choice_categories_mapped: {
    zh: '分类：对应到本品牌的“{to}”',
    en: 'Category: mapped to the brand’s “{to}”',
  },
  recipe_import_choice_tags_mapped: {
    zh: '标签：对应到本品牌的“{to}”',
    en: 'Tag: mapped to the brand’s “{to}”',
  },
  recipe_import_choice_accessories_mapped: {
    zh: '配件：对应到本品牌的“{to}”',
    en: 'Accessory: mapped to the brand’s “{to}”',
  },
  recipe_import_choice_units_mapped: {
    zh: '单位：对应到本品牌的“{to}”',
    en: 'Unit: mapped to the brand’s “{to}”',
  },
  recipe_import_choice_models_mapped: {
    zh: '型号：对应到本品牌的“{to}”',
    en: 'Model: mapped to the brand’s “{to}”',
  },
  recipe_import_choice_no_names: {
    zh: '“{name}”在本品牌的语言中没有名称，未能新建',
    en: '“{name}” has no name in the brand’s languages; it was not created',
  },
  recipe_import_enable_forbidden: {
    zh: '只有管理员能为品牌启用语言；请选择删除该语言的文字',
    en: 'Only an administrator can enable a language for the brand; choose to drop its texts instead',
  },
  recipe_import_media_missing: {
    zh: '媒体文件缺失或格式错误：{name}',
    en: 'A media file is missing or of a wrong format: {name}',
  },
  recipe_import_duplicate_number: {
    zh: '压缩包中编号{number}重复',
    en: 'Number {number} appears twice in the archive',
  },
  recipe_imported_from: { zh: '从“{file}”导入', en: 'Imported from “{file}”' },
  recipe_translate_select: {
    zh: '请选择要翻译的多语言菜谱',
    en: 'Select the multi-language recipes to translate',
  },
  recipe_translate_too_many: {
    zh: '一次最多翻译500个菜谱',
    en: 'At most 500 recipes can be translated at once',
  },
  recipe_translate_source_required: { zh: '请选择源语言', en: 'Choose the source language' },
  recipe_translate_target_required: { zh: '请选择目标语言', en: 'Choose at least one target language' },
  recipe_translate_same_lang: {
    zh: '目标语言不能与源语言相同',
    en: 'A target language cannot be the source language',
  },
  recipe_translate_no_edits: {
    zh: '翻译确认后不能修改，只能确认或放弃',
    en: 'A translation cannot be edited; it can only be confirmed or discarded',
  },
  recipe_translate_multi_lang_required: {
    zh: '只能翻译多语言菜谱，所选菜谱都只有一种语言',
    en: 'Only multi-language recipes can be translated; every selected recipe has one language',
  },
  recipe_translate_started: { zh: '菜谱翻译已开始', en: 'The recipe translation has started' },
  recipe_translate_failed: { zh: '翻译失败：{reason}', en: 'Translation failed: {reason}' },
  recipe_translate_not_editing: {
    zh: '菜谱{number}不在编辑中，请先撤回到编辑',
    en: 'Recipe {number} is not in editing; recall it to editing first',
  },
  recipe_translate_single_lang: {
    zh: '菜谱{number}只有一种语言，不能翻译',
    en: 'Recipe {number} has one language only and cannot be translated',
  },
  recipe_translate_source_missing: {
    zh: '菜谱{number}不支持源语言{lang:language}',
    en: 'Recipe {number} does not support the source language {lang:language}',
  },
  recipe_translate_target_missing: {
    zh: '菜谱{number}不支持所选目标语言（支持：{langs:language[]}）',
    en: 'Recipe {number} supports none of the target languages (it supports {langs:language[]})',
  },
  recipe_translate_nothing: {
    zh: '菜谱{number}没有{lang:language}文字可翻译',
    en: 'Recipe {number} has no {lang:language} text to translate',
  },
  recipe_translate_not_ready: {
    zh: '翻译尚未完成，不能确认',
    en: 'The translation has not finished; it cannot be confirmed yet',
  },
  recipe_translate_not_proposed: {
    zh: '确认失败：该翻译任务中没有菜谱{id}的翻译',
    en: 'Confirmation failed: the translation job has no translation of recipe {id}',
  },
  recipe_translate_nothing_to_confirm: {
    zh: '确认失败：没有可保存的翻译',
    en: 'Confirmation failed: there is no translation to save',
  },
  recipe_translate_already_confirmed: {
    zh: '菜谱{number}的这次翻译已确认保存，不能重复确认',
    en: 'This translation of recipe {number} was already confirmed',
  },
  recipe_translate_confirm_failed: { zh: '确认失败：{reason}', en: 'Confirmation failed: {reason}' },
  recipe_translate_confirmed: {
    zh: '已保存{succeeded}个菜谱的翻译',
    en: 'The translation of {succeeded} recipe(s) was saved',
  },
  recipe_translated_history: {
    zh: '翻译（{source} → {targets}，{provider}）',
    en: 'Translated ({source} → {targets}, {provider})',
  },
};
