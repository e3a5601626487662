import { APK_PICTURES, WORK_MODES, type UiLang } from '@kb/contracts';

type Words = Record<string, { zh: string; en: string }>;

/**
 * The words of the audit trail in zh and en: field labels, enum values, and the frames of a content line
 * ("{servings} 人份 · 步骤 {n} · 速度"). The screen and the CSV export both show these, never a field name.
 */
const WORDS = {
  // lifecycle
  status: { zh: '状态', en: 'status' },
  version: { zh: '版本', en: 'version' },
  recycledFrom: { zh: '删除前状态', en: 'status before deletion' },
  deletedAt: { zh: '删除时间', en: 'deleted at' },
  online: { zh: '上线', en: 'online' },
  paid: { zh: '付费', en: 'paid' },
  // recipe content
  number: { zh: '编号', en: 'number' },
  type: { zh: '类型', en: 'type' },
  mainLang: { zh: '主语言', en: 'main language' },
  langs: { zh: '语言', en: 'languages' },
  name: { zh: '名称', en: 'name' },
  description: { zh: '简介', en: 'description' },
  chefTips: { zh: '小贴士', en: 'chef’s tips' },
  servingVersion: { zh: '{n} 人份', en: '{n} servings' },
  ingredient: { zh: '食材 {n}', en: 'Ingredient {n}' },
  quantity: { zh: '用量', en: 'quantity' },
  unit: { zh: '单位', en: 'unit' },
  ingredientDescription: { zh: '说明', en: 'note' },
  step: { zh: '步骤 {n}', en: 'Step {n}' },
  workMode: { zh: '工作模式', en: 'mode' },
  temperature: { zh: '温度', en: 'temperature' },
  speed: { zh: '速度', en: 'speed' },
  time: { zh: '时间', en: 'time' },
  rotation: { zh: '转向', en: 'rotation' },
  autoStart: { zh: '自动启动', en: 'auto start' },
  waterGear: { zh: '水位档', en: 'water gear' },
  heatingMode: { zh: '加热方式', en: 'heating mode' },
  mediaFileCode: { zh: '图片/视频', en: 'picture or video' },
  audioFileCode: { zh: '音频', en: 'audio' },
  stepDescription: { zh: '步骤说明', en: 'instructions' },
  accessoryIds: { zh: '配件', en: 'accessories' },
  prepMinutes: { zh: '准备时间（分钟）', en: 'prep time (minutes)' },
  cookMinutes: { zh: '烹饪时间（分钟）', en: 'cook time (minutes)' },
  restMinutes: { zh: '静置时间（分钟）', en: 'rest time (minutes)' },
  nutrients: { zh: '营养成分', en: 'nutrients' },
  difficulty: { zh: '难度', en: 'difficulty' },
  showOnMachine: { zh: '在设备上显示', en: 'shown on the machine' },
  productCodes: { zh: '适用机型', en: 'models' },
  headPackageIds: { zh: '头包', en: 'head packages' },
  categoryId: { zh: '分类', en: 'category' },
  tagIds: { zh: '标签', en: 'tags' },
  pictureFileCode: { zh: '封面图片', en: 'picture' },
  // APK
  reviewStatus: { zh: '审核状态', en: 'review status' },
  testStatus: { zh: '测试状态', en: 'test status' },
  releaseStatus: { zh: '上线状态', en: 'online status' },
  returnReason: { zh: '退回原因', en: 'return reason' },
  subBrandCode: { zh: '子品牌', en: 'sub-brand' },
  productCode: { zh: '机型', en: 'model' },
  versionNumber: { zh: '版本号', en: 'version number' },
  apkVersion: { zh: 'APK版本', en: 'APK version' },
  parentVersion: { zh: '父包（头包）版本', en: 'parent (head) version' },
  updateNotes: { zh: '更新说明', en: 'update notes' },
  branchPackage: { zh: '分支包', en: 'branch package' },
  apkFileCode: { zh: 'APK文件', en: 'APK file' },
  fileSize: { zh: '文件大小', en: 'file size' },
  modeName: { zh: '模式名称', en: 'mode name' },
  bootLogo: { zh: '开机logo', en: 'boot logo' },
  bootVideo: { zh: '开机视频', en: 'boot video' },
  screensaver: { zh: '屏保', en: 'screensaver' },
  accountBackground: { zh: '账号背景', en: 'account background' },
  recipeEntryBackground: { zh: '菜谱入口背景', en: 'recipe entry background' },
  modeEntryBackground: { zh: '模式入口背景', en: 'mode entry background' },
  onlineRecipeEntryBackground: { zh: '在线菜谱入口背景', en: 'online recipe entry background' },
  modePicture: { zh: '模式图片', en: 'mode picture' },
  modeBackground: { zh: '模式背景', en: 'mode background' },
  modeIcon: { zh: '模式图标', en: 'mode icon' },
  // offline pack
  packType: { zh: '离线包类型', en: 'pack type' },
  factoryModel: { zh: '工厂型号', en: 'factory model' },
  customerModel: { zh: '客户型号', en: 'customer model' },
  recipeIds: { zh: '菜谱', en: 'recipes' },
  // values
  yes: { zh: '是', en: 'yes' },
  no: { zh: '否', en: 'no' },
  none: { zh: '无', en: 'none' },
  file: { zh: '文件', en: 'file' },
  toTaste: { zh: '适量', en: 'to taste' },
  easy: { zh: '简单', en: 'easy' },
  medium: { zh: '中等', en: 'medium' },
  hard: { zh: '困难', en: 'hard' },
  forward: { zh: '正转', en: 'forward' },
  reverse: { zh: '反转', en: 'reverse' },
  UPPER_TUBE: { zh: '上管加热', en: 'upper tube' },
  LOWER_TUBE: { zh: '下管加热', en: 'lower tube' },
  BOTH_TUBES: { zh: '上下管加热', en: 'both tubes' },
  HOT_AIR: { zh: '热风', en: 'hot air' },
  SOUP: { zh: '料理机', en: 'blender' },
  AIR_FRYER: { zh: '空气炸锅', en: 'air fryer' },
  SOUP_AND_AIR: { zh: '料理机+空气炸锅', en: 'blender + air fryer' },
  STAND_MIXER: { zh: '厨师机', en: 'stand mixer' },
  SOUP_AND_STAND_MIXER: { zh: '料理机+厨师机', en: 'blender + stand mixer' },
  OVEN: { zh: '烤箱', en: 'oven' },
  initial: { zh: '初始包', en: 'initial pack' },
  incremental: { zh: '增量包', en: 'incremental pack' },
  active: { zh: '有效', en: 'active' },
  deleted: { zh: '已删除', en: 'deleted' },
  not_tested: { zh: '未测试', en: 'not in test' },
  testing: { zh: '测试中', en: 'in test' },
  not_released: { zh: '未上线', en: 'not online' },
  // CSV columns
  csvRevision: { zh: '序号', en: 'No.' },
  csvTime: { zh: '时间', en: 'time' },
  csvActor: { zh: '操作人', en: 'by' },
  csvEvent: { zh: '操作', en: 'event' },
  csvStatus: { zh: '操作后状态', en: 'status after' },
  csvReason: { zh: '原因', en: 'reason' },
  csvField: { zh: '变更项', en: 'changed' },
  csvBefore: { zh: '变更前', en: 'before' },
  csvAfter: { zh: '变更后', en: 'after' },
} satisfies Words;

export type WordKey = keyof typeof WORDS;

/** The reader's words: `w('step', { n: 3 })` → "步骤 3" / "Step 3"; a key not known is returned as is. */
export function wordsFor(lang: UiLang) {
  return (key: string, params: Record<string, string | number> = {}): string => {
    const entry = (WORDS as Words)[key];
    if (!entry) return key;
    return entry[lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
  };
}
export type WordsOf = ReturnType<typeof wordsFor>;

/** The label parts of a line joined as the screen shows them: "2 人份 · 步骤 3 · 速度". */
export const joinLabel = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** A §9 work mode by its name in the reader's language. */
export const workModeName = (code: string | null, lang: UiLang) => {
  if (!code) return '';
  const mode = WORK_MODES.find((m) => m.code === code);
  return mode ? (lang === 'zh' ? mode.nameZh : mode.nameEn) : code;
};

/** A content language by its name in the reader's language ("中文", "English"). */
export function languageName(code: string, lang: UiLang): string {
  try {
    return new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const APK_FILE_FIELDS = new Set<string>([...APK_PICTURES, 'apkFileCode']);
