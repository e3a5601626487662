import { WORK_MODES, type RecipeStatus, type StepSetting } from '@kb/contracts';
import type { RecipeAction, RecipeHint, RecipeRequiredPart, StepCycleShape } from '@kb/domain';

/**
 * Every code the recipe decider of @kb/domain throws and every `recipe_*` message key of the recipe schemas in
 * @kb/contracts, in zh and en. The decider's params name enumerated things by key (state, action, hint, missing
 * parts, step setting, work mode, cycle shape); `{param:table}` placeholders word them from the tables below.
 */
export const RECIPE_DOMAIN_MESSAGES: Record<string, { zh: string; en: string }> = {
  recipe_not_found: { zh: '菜谱不存在', en: 'The recipe does not exist' },
  recipe_already_exists: { zh: '菜谱已存在', en: 'The recipe already exists' },
  recipe_copy_source_not_found: { zh: '要复制的菜谱不存在', en: 'The recipe to copy does not exist' },
  recipe_illegal_transition: {
    zh: '菜谱{number}当前为“{state:recipeState}”，不能{action:recipeAction}{hint:recipeHint}',
    en: 'Recipe {number} is {state:recipeState}; it cannot be {action:recipeAction}{hint:recipeHint}',
  },
  recipe_incomplete: {
    zh: '菜谱{number}信息不完整，不能提交：缺少{missing:recipePart[]}',
    en: 'Recipe {number} is incomplete and cannot be submitted: missing {missing:recipePart[]}',
  },
  recipe_last_model: {
    zh: '菜谱{number}已提交或已发布，至少要保留一个适配机型',
    en: 'Recipe {number} is submitted or released and must keep at least one compatible model',
  },
  recipe_step_setting_without_mode: {
    zh: '{servings}人份 第{step}步：请先选择工作模式再设置{field:stepSetting}',
    en: 'Servings {servings}, step {step}: choose a work mode before setting the {field:stepSetting}',
  },
  recipe_step_work_mode_unknown: {
    zh: '{servings}人份 第{step}步：工作模式“{mode}”不存在',
    en: 'Servings {servings}, step {step}: there is no work mode “{mode}”',
  },
  recipe_step_work_mode_not_for_type: {
    zh: '{servings}人份 第{step}步：工作模式“{mode:workMode}”不适用于{type}类型的菜谱',
    en: 'Servings {servings}, step {step}: the {mode:workMode} mode does not run on {type} recipes',
  },
  recipe_step_setting_not_used: {
    zh: '{servings}人份 第{step}步：“{mode:workMode}”模式不使用{field:stepSetting}',
    en: 'Servings {servings}, step {step}: the {mode:workMode} mode has no {field:stepSetting} setting',
  },
  recipe_step_temperature_out_of_range: {
    zh: '{servings}人份 第{step}步：“{mode:workMode}”模式的温度须在{min}–{max}°C之间',
    en: 'Servings {servings}, step {step}: the {mode:workMode} temperature must be {min}–{max} °C',
  },
  recipe_step_speed_out_of_range: {
    zh: '{servings}人份 第{step}步：“{mode:workMode}”模式的速度须在{min}–{max}档之间',
    en: 'Servings {servings}, step {step}: the {mode:workMode} speed must be {min}–{max}',
  },
  recipe_step_time_out_of_range: {
    zh: '{servings}人份 第{step}步：“{mode:workMode}”模式的时间须在{min}–{max}秒之间',
    en: 'Servings {servings}, step {step}: the {mode:workMode} time must be {min}–{max} seconds',
  },
  recipe_step_below_countdown_temperature: {
    zh: '{servings}人份 第{step}步：“{mode:workMode}”在达到{threshold}°C后才开始倒计时，温度不能低于{threshold}°C',
    en: 'Servings {servings}, step {step}: {mode:workMode} counts down only once {threshold} °C is reached; set at least {threshold} °C',
  },
  recipe_step_time_not_whole_cycles: {
    zh: '{servings}人份 第{step}步：“{mode:workMode}”按{cycleSeconds}秒一个周期运行（{cycle:stepCycle}），时间须为{cycleSeconds}秒的整数倍',
    en: 'Servings {servings}, step {step}: {mode:workMode} runs in cycles of {cycleSeconds} s ({cycle:stepCycle}); the time must be a whole number of cycles',
  },
  // messages of the recipe schemas (@kb/contracts recipe.ts) that the API catalog does not already have
  recipe_text_too_long: { zh: '文字过长', en: 'The text is too long' },
  recipe_quantity_invalid: { zh: '数量须为不小于0的数字', en: 'The quantity must be a number of at least 0' },
  recipe_step_number_invalid: {
    zh: '步骤序号须为正整数',
    en: 'The step number must be a positive whole number',
  },
  recipe_step_number_duplicate: { zh: '步骤序号重复', en: 'This step number is used twice' },
  recipe_temperature_invalid: {
    zh: '温度须为0–300的整数',
    en: 'The temperature must be a whole number 0–300',
  },
  recipe_rotation_invalid: { zh: '请选择正转或反转', en: 'Choose forward or reverse' },
  recipe_speed_invalid: { zh: '速度须为0–12的整数', en: 'The speed must be a whole number 0–12' },
  recipe_time_invalid: { zh: '时间有误', en: 'The time is not valid' },
  recipe_water_gear_invalid: { zh: '水量档位有误', en: 'The water gear is not valid' },
  recipe_heating_mode_invalid: { zh: '请选择加热方式', en: 'Choose a heating mode' },
  recipe_servings_invalid: {
    zh: '份数须为1–99的整数',
    en: 'The servings must be a whole number 1–99',
  },
  recipe_servings_duplicate: {
    zh: '该份数的版本已存在',
    en: 'There is already a version for these servings',
  },
  recipe_nutrient_name_required: { zh: '营养成分名称不能为空', en: 'The nutrient name cannot be empty' },
  recipe_type_invalid: { zh: '请选择菜谱类型', en: 'Choose the recipe type' },
  recipe_difficulty_invalid: { zh: '请选择难度', en: 'Choose the difficulty' },
  recipe_main_name_required: {
    zh: '菜谱名称（主语言）不能为空',
    en: 'The recipe name in the main language is required',
  },
  recipe_main_lang_not_in_langs: {
    zh: '主语言必须是菜谱支持的语言之一',
    en: 'The main language must be one of the recipe’s languages',
  },
  recipe_lang_not_in_langs: {
    zh: '该语言不在菜谱支持的语言中',
    en: 'This language is not one of the recipe’s languages',
  },
  recipe_translation_invalid: {
    zh: '菜谱{number}的翻译与菜谱内容不符',
    en: 'The translation of recipe {number} does not fit its content',
  },
};

/** How a recipe's state reads after "is" / "当前为" (also the audit trail's words for a state). */
export const RECIPE_STATUS_NAMES: Record<RecipeStatus, { zh: string; en: string }> = {
  editing: { zh: '编辑中', en: 'in editing' },
  waiting_release: { zh: '待发布', en: 'waiting for release' },
  released: { zh: '已发布', en: 'released' },
  recycle_bin: { zh: '回收站中', en: 'in the recycle bin' },
  cleared: { zh: '已清除', en: 'cleared' },
};

/** Past participles in en, verbs in zh, to fit "it cannot be {action}" / "不能{action}". */
const RECIPE_ACTION_WORDS: Record<RecipeAction, { zh: string; en: string }> = {
  create: { zh: '新建', en: 'created' },
  copy: { zh: '复制', en: 'copied' },
  revise: { zh: '修改', en: 'edited' },
  submit: { zh: '提交', en: 'submitted' },
  release: { zh: '发布', en: 'released' },
  recall_to_editing: { zh: '撤回到编辑', en: 'recalled to editing' },
  recall_to_waiting_release: { zh: '撤回到待发布', en: 'recalled to waiting release' },
  delete: { zh: '删除', en: 'deleted' },
  recover: { zh: '恢复', en: 'recovered' },
  clear: { zh: '彻底清除', en: 'cleared' },
  set_online: { zh: '设置上线状态', en: 'set online or offline' },
  set_paid: { zh: '设置付费状态', en: 'set paid or free' },
  change_category: { zh: '修改分类', en: 'moved to another category' },
  link_models: { zh: '关联机型', en: 'linked to models' },
  unlink_models: { zh: '取消关联机型', en: 'unlinked from models' },
  translate: { zh: '保存翻译', en: 'given a translation' },
};

/** What to do first, when one thing unlocks the refused action. */
const RECIPE_HINT_WORDS: Record<RecipeHint, { zh: string; en: string }> = {
  recall_to_editing_first: { zh: '，请先撤回到编辑', en: '; recall it to editing first' },
  recall_first: { zh: '，请先撤回', en: '; recall it first' },
  submit_first: { zh: '，请先提交', en: '; submit it first' },
  delete_first: { zh: '，请先删除', en: '; delete it first' },
  recover_first: { zh: '，请先从回收站恢复', en: '; recover it from the recycle bin first' },
  none: { zh: '', en: '' },
};

const STEP_SETTING_WORDS: Record<StepSetting, { zh: string; en: string }> = {
  temperature: { zh: '温度', en: 'temperature' },
  speed: { zh: '速度', en: 'speed' },
  time: { zh: '时间', en: 'time' },
  rotation: { zh: '转向', en: 'rotation' },
  heatingMode: { zh: '加热方式', en: 'heating mode' },
};

/** The parts submit requires, as recipe_incomplete lists them. */
const RECIPE_PART_WORDS: Record<RecipeRequiredPart, { zh: string; en: string }> = {
  main_name: { zh: '主语言名称', en: 'the name in the main language' },
  picture: { zh: '图片', en: 'the picture' },
  difficulty: { zh: '难度', en: 'the difficulty' },
  servings: { zh: '份数版本', en: 'a serving-size version' },
  work_mode_step: {
    zh: '每个份数版本中带工作模式的步骤',
    en: 'a step with a work mode in every serving-size version',
  },
  compatible_model: { zh: '适配机型', en: 'a compatible model' },
};

/** A work mode's cycle, its seconds filled from the refusal's `forward`, `pause` and `reverse`. */
const STEP_CYCLE_WORDS: Record<StepCycleShape, { zh: string; en: string }> = {
  forward_reverse: {
    zh: '正转{forward}秒，停{pause}秒，反转{reverse}秒，停{pause}秒',
    en: '{forward} s forward, {pause} s pause, {reverse} s reverse, {pause} s pause',
  },
  one_way: { zh: '转{forward}秒，停{pause}秒', en: '{forward} s on, {pause} s off' },
};

/** The word tables the recipe messages' placeholders name. */
export const RECIPE_DOMAIN_WORDS = {
  recipeState: RECIPE_STATUS_NAMES,
  recipeAction: RECIPE_ACTION_WORDS,
  recipeHint: RECIPE_HINT_WORDS,
  recipePart: RECIPE_PART_WORDS,
  stepSetting: STEP_SETTING_WORDS,
  workMode: Object.fromEntries(WORK_MODES.map((mode) => [mode.code, { zh: mode.nameZh, en: mode.nameEn }])),
  stepCycle: STEP_CYCLE_WORDS,
};
