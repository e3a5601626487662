import { WORK_MODES, type RecipeStatus, type StepSetting } from '@kb/contracts';
import type { RecipeAction, RecipeHint, RecipeRequiredPart, StepCycleShape } from '@kb/domain';
import { messagesOf } from '../../common/messages.js';

/**
 * Every code the recipe decider of @kb/domain throws and every `recipe_*` message key of the recipe schemas in
 * @kb/contracts, in zh and en. The decider's params name enumerated things by key (state, action, hint, missing
 * parts, step setting, work mode, cycle shape); `{param:table}` placeholders word them from the tables below.
 */
export const RECIPE_DOMAIN_MESSAGES = messagesOf(import.meta.url, './recipe-domain.messages.json');

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
