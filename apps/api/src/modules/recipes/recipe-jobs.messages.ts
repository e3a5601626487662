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
    zh: '品牌未启用的语言：{langs}',
    en: 'Language(s) not enabled for the brand: {langs}',
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
};
