/** §3 enumerations and the §9 work-mode defaults, shared by the API, the domain checks and the web forms. */

export const RECIPE_TYPES = [
  'SOUP',
  'AIR_FRYER',
  'SOUP_AND_AIR',
  'STAND_MIXER',
  'SOUP_AND_STAND_MIXER',
  'OVEN',
] as const;
export type RecipeType = (typeof RECIPE_TYPES)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const DICT_TYPES = ['INGREDIENTS_UNIT', 'HOT_WIND_MODE', 'WORK_MODE'] as const;
export type DictType = (typeof DICT_TYPES)[number];

export const POT_TYPES = [
  'ROBOT_COOKER',
  'STAND_MIXER',
  'AIR_FRYER',
  'OVEN',
  'ROBOT_COOKER_AIR_FRYER',
  'ROBOT_COOKER_STAND_MIXER',
] as const;
export type PotType = (typeof POT_TYPES)[number];

export const HEATING_MODES = ['UPPER_TUBE', 'LOWER_TUBE', 'BOTH_TUBES', 'HOT_AIR'] as const;
export type HeatingMode = (typeof HEATING_MODES)[number];

export const ROTATIONS = ['forward', 'reverse'] as const;

export interface Range {
  min: number;
  max: number;
}

/** One working mode of a device with its §9 defaults (what a new step is prefilled with) and allowed ranges. */
export interface WorkModeDefinition {
  code: string;
  nameZh: string;
  nameEn: string;
  /** Appliance kinds the mode runs on. */
  potTypes: PotType[];
  defaults: {
    temperature?: number;
    speed?: number;
    minutes?: number;
    seconds?: number;
    rotation?: 'forward' | 'reverse';
    heatingMode?: HeatingMode;
  };
  ranges: { temperature?: Range; speed?: Range; totalSeconds?: Range };
  /** Free-text rules shown beside the form (zh/en). */
  notesZh?: string;
  notesEn?: string;
  /** Knead and stir cycles: seconds on (forward), pause, then reverse and pause again (0: no reverse). */
  cycle?: { forward: number; pause: number; reverse: number };
  /** Steam: the countdown starts once this temperature is reached. */
  countdownStartsAtTemperature?: number;
  /** DIY: up to this temperature boil logic is used; above it DIY heating. */
  boilLogicUpTo?: number;
}

export const WORK_MODES: readonly WorkModeDefinition[] = [
  {
    code: 'BOIL',
    nameZh: '煮沸',
    nameEn: 'Boil',
    potTypes: ['ROBOT_COOKER'],
    // §9 gives 100 °C as the default; a kettle never heats past boiling.
    defaults: { temperature: 100 },
    ranges: { temperature: { min: 0, max: 100 } },
    notesZh: '默认100°C，无需设置时间',
    notesEn: '100 °C by default, no time',
  },
  {
    code: 'PULSE',
    nameZh: '脉冲',
    nameEn: 'Pulse',
    potTypes: ['ROBOT_COOKER'],
    // §9's speed 12 for 1 minute is the default, not the only setting.
    defaults: { speed: 12, minutes: 1, seconds: 0 },
    ranges: { speed: { min: 1, max: 12 }, totalSeconds: { min: 1, max: 60 } },
    notesZh: '默认速度12，1分钟',
    notesEn: 'Speed 12 for 1 minute by default',
  },
  {
    code: 'FOOD_PROCESSOR',
    nameZh: '料理机',
    nameEn: 'Food processor',
    potTypes: ['ROBOT_COOKER'],
    defaults: { speed: 4, minutes: 0, seconds: 30 },
    ranges: { speed: { min: 3, max: 5 }, totalSeconds: { min: 1, max: 60 } },
    notesZh: '切碎：速度3-5，最长1分钟',
    notesEn: 'Chopping: speed 3-5, up to 1 min',
  },
  {
    code: 'MEAT_GRINDER',
    nameZh: '绞肉',
    nameEn: 'Meat grinder',
    potTypes: ['ROBOT_COOKER'],
    defaults: { speed: 6, minutes: 0, seconds: 30 },
    ranges: { speed: { min: 1, max: 12 }, totalSeconds: { min: 10, max: 240 } },
    notesZh: '速度1-12，10秒至4分钟',
    notesEn: 'Speed 1-12, 10 s to 4 min',
  },
  {
    code: 'MANUAL',
    nameZh: '手动烹饪',
    nameEn: 'Manual cooking',
    potTypes: ['ROBOT_COOKER'],
    defaults: { temperature: 100, speed: 2, minutes: 5, seconds: 0, rotation: 'forward' },
    ranges: {
      temperature: { min: 0, max: 120 },
      speed: { min: 0, max: 12 },
      totalSeconds: { min: 1, max: 5940 },
    },
  },
  {
    code: 'KNEAD',
    nameZh: '揉面',
    nameEn: 'Knead',
    potTypes: ['ROBOT_COOKER', 'STAND_MIXER'],
    defaults: { minutes: 3, seconds: 0 },
    ranges: { totalSeconds: { min: 60, max: 600 } },
    cycle: { forward: 27, pause: 3, reverse: 27 },
    notesZh: '正转27秒，停3秒，反转27秒，停3秒，共3分钟',
    notesEn: '27 s forward, 3 s pause, 27 s reverse, 3 s pause, 3 minutes in total',
  },
  {
    code: 'STIR',
    nameZh: '搅拌',
    nameEn: 'Stir',
    potTypes: ['ROBOT_COOKER', 'STAND_MIXER'],
    defaults: { speed: 1, minutes: 5, seconds: 0 },
    ranges: { speed: { min: 1, max: 3 }, totalSeconds: { min: 30, max: 5940 } },
    cycle: { forward: 5, pause: 25, reverse: 0 },
    notesZh: '转5秒，停25秒',
    notesEn: '5 s on, 25 s off',
  },
  {
    code: 'STEAM',
    nameZh: '蒸',
    nameEn: 'Steam',
    potTypes: ['ROBOT_COOKER'],
    defaults: { temperature: 100, minutes: 15, seconds: 0 },
    ranges: { temperature: { min: 95, max: 120 }, totalSeconds: { min: 60, max: 5940 } },
    countdownStartsAtTemperature: 95,
    notesZh: '温度达到95°C后开始倒计时',
    notesEn: 'The countdown starts after 95 °C',
  },
  {
    code: 'SLOW_COOK',
    nameZh: '慢炖',
    nameEn: 'Slow cook',
    potTypes: ['ROBOT_COOKER'],
    defaults: { temperature: 90, speed: 1, minutes: 60, seconds: 0 },
    ranges: { temperature: { min: 70, max: 98 }, totalSeconds: { min: 600, max: 28800 } },
  },
  {
    code: 'YOGURT',
    nameZh: '酸奶发酵',
    nameEn: 'Yogurt fermentation',
    potTypes: ['ROBOT_COOKER'],
    defaults: { temperature: 42, minutes: 480, seconds: 0 },
    ranges: { temperature: { min: 37, max: 65 }, totalSeconds: { min: 3600, max: 43200 } },
  },
  {
    code: 'DRYING',
    nameZh: '烘干',
    nameEn: 'Drying',
    potTypes: ['ROBOT_COOKER', 'AIR_FRYER', 'OVEN'],
    defaults: { temperature: 70, minutes: 120, seconds: 0 },
    ranges: { temperature: { min: 60, max: 80 }, totalSeconds: { min: 600, max: 43200 } },
  },
  {
    code: 'WEIGH',
    nameZh: '称重',
    nameEn: 'Weigh',
    potTypes: ['ROBOT_COOKER', 'STAND_MIXER'],
    defaults: {},
    ranges: {},
  },
  {
    code: 'DESCRIBE',
    nameZh: '描述',
    nameEn: 'Describe',
    potTypes: ['ROBOT_COOKER', 'STAND_MIXER', 'AIR_FRYER', 'OVEN'],
    defaults: {},
    ranges: {},
    notesZh: '仅文字说明，设备不执行动作',
    notesEn: 'Text only; the device does not act',
  },
  {
    code: 'FAST_DIY',
    nameZh: '快速DIY',
    nameEn: 'Fast DIY',
    potTypes: ['ROBOT_COOKER'],
    defaults: { temperature: 100, speed: 2, minutes: 10, seconds: 0, rotation: 'forward' },
    ranges: {
      temperature: { min: 0, max: 130 },
      speed: { min: 0, max: 12 },
      totalSeconds: { min: 1, max: 5940 },
    },
    boilLogicUpTo: 100,
    notesZh: '0-100°C按煮沸逻辑，高于100°C使用DIY加热',
    notesEn: '0-100 °C uses boil logic; above 100 °C uses DIY heating',
  },
  {
    code: 'AIR_FRYER',
    nameZh: '空气炸',
    nameEn: 'Air fryer',
    potTypes: ['AIR_FRYER'],
    defaults: { temperature: 180, minutes: 15, seconds: 0, heatingMode: 'HOT_AIR' },
    ranges: { temperature: { min: 40, max: 230 }, totalSeconds: { min: 60, max: 3600 } },
  },
  {
    code: 'OVEN',
    nameZh: '烤箱',
    nameEn: 'Oven',
    potTypes: ['OVEN'],
    defaults: { temperature: 180, minutes: 20, seconds: 0, heatingMode: 'BOTH_TUBES' },
    ranges: { temperature: { min: 40, max: 250 }, totalSeconds: { min: 60, max: 14400 } },
  },
];

export const HEATING_MODE_NAMES: Record<HeatingMode, { zh: string; en: string }> = {
  UPPER_TUBE: { zh: '上管', en: 'Upper tube' },
  LOWER_TUBE: { zh: '下管', en: 'Lower tube' },
  BOTH_TUBES: { zh: '上下管', en: 'Both tubes' },
  HOT_AIR: { zh: '热风', en: 'Hot air' },
};

/** A dictionary entry of `/api/common/loadDict`. */
export interface DictItem {
  dictType: DictType;
  code: string;
  name: string;
  nameZh: string;
  nameEn: string;
  sort: number;
}
