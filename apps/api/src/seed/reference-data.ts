import { HEATING_MODE_NAMES, WORK_MODES } from '@kb/contracts';

/** The platform's own reference data; seeded on every start (idempotent upserts). */

export const LANGUAGES = [
  ['zh', '中文', 'Chinese', '中文'],
  ['en', '英语', 'English', 'English'],
  ['de', '德语', 'German', 'Deutsch'],
  ['fr', '法语', 'French', 'Français'],
  ['es', '西班牙语', 'Spanish', 'Español'],
  ['it', '意大利语', 'Italian', 'Italiano'],
  ['ja', '日语', 'Japanese', '日本語'],
  ['ko', '韩语', 'Korean', '한국어'],
  ['pt', '葡萄牙语', 'Portuguese', 'Português'],
  ['ru', '俄语', 'Russian', 'Русский'],
] as const;

export const COUNTRIES = [
  ['CN', '中国', 'China'],
  ['DE', '德国', 'Germany'],
  ['FR', '法国', 'France'],
  ['ES', '西班牙', 'Spain'],
  ['IT', '意大利', 'Italy'],
  ['GB', '英国', 'United Kingdom'],
  ['US', '美国', 'United States'],
  ['JP', '日本', 'Japan'],
  ['KR', '韩国', 'South Korea'],
  ['AU', '澳大利亚', 'Australia'],
] as const;

/** [code, country, parent, zh, en, level] — provinces/states (level 1) and cities (level 2). */
export const AREAS = [
  ['CN-GD', 'CN', null, '广东省', 'Guangdong', 1],
  ['CN-GD-SZ', 'CN', 'CN-GD', '深圳市', 'Shenzhen', 2],
  ['CN-GD-GZ', 'CN', 'CN-GD', '广州市', 'Guangzhou', 2],
  ['CN-GD-FS', 'CN', 'CN-GD', '佛山市', 'Foshan', 2],
  ['CN-ZJ', 'CN', null, '浙江省', 'Zhejiang', 1],
  ['CN-ZJ-HZ', 'CN', 'CN-ZJ', '杭州市', 'Hangzhou', 2],
  ['CN-ZJ-NB', 'CN', 'CN-ZJ', '宁波市', 'Ningbo', 2],
  ['CN-SH', 'CN', null, '上海市', 'Shanghai', 1],
  ['CN-BJ', 'CN', null, '北京市', 'Beijing', 1],
  ['DE-BY', 'DE', null, '巴伐利亚', 'Bavaria', 1],
  ['DE-BY-MUC', 'DE', 'DE-BY', '慕尼黑', 'Munich', 2],
  ['DE-BE', 'DE', null, '柏林', 'Berlin', 1],
  ['DE-NW', 'DE', null, '北莱茵-威斯特法伦', 'North Rhine-Westphalia', 1],
  ['DE-NW-CGN', 'DE', 'DE-NW', '科隆', 'Cologne', 2],
  ['FR-IDF', 'FR', null, '法兰西岛', 'Île-de-France', 1],
  ['FR-IDF-PAR', 'FR', 'FR-IDF', '巴黎', 'Paris', 2],
  ['FR-ARA', 'FR', null, '奥弗涅-罗讷-阿尔卑斯', 'Auvergne-Rhône-Alpes', 1],
  ['FR-ARA-LYS', 'FR', 'FR-ARA', '里昂', 'Lyon', 2],
  ['ES-MD', 'ES', null, '马德里', 'Madrid', 1],
  ['ES-CT', 'ES', null, '加泰罗尼亚', 'Catalonia', 1],
  ['ES-CT-BCN', 'ES', 'ES-CT', '巴塞罗那', 'Barcelona', 2],
  ['IT-LOM', 'IT', null, '伦巴第', 'Lombardy', 1],
  ['IT-LOM-MIL', 'IT', 'IT-LOM', '米兰', 'Milan', 2],
  ['GB-ENG', 'GB', null, '英格兰', 'England', 1],
  ['GB-ENG-LON', 'GB', 'GB-ENG', '伦敦', 'London', 2],
  ['US-CA', 'US', null, '加利福尼亚州', 'California', 1],
  ['US-CA-LA', 'US', 'US-CA', '洛杉矶', 'Los Angeles', 2],
  ['US-NY', 'US', null, '纽约州', 'New York', 1],
  ['US-NY-NYC', 'US', 'US-NY', '纽约', 'New York City', 2],
  ['JP-13', 'JP', null, '东京都', 'Tokyo', 1],
  ['JP-27', 'JP', null, '大阪府', 'Osaka', 1],
  ['KR-11', 'KR', null, '首尔', 'Seoul', 1],
  ['AU-NSW', 'AU', null, '新南威尔士州', 'New South Wales', 1],
  ['AU-NSW-SYD', 'AU', 'AU-NSW', '悉尼', 'Sydney', 2],
] as const;

const UNITS = [
  ['g', '克', 'g'],
  ['kg', '千克', 'kg'],
  ['ml', '毫升', 'ml'],
  ['l', '升', 'l'],
  ['piece', '个', 'piece'],
  ['tbsp', '汤匙', 'tablespoon'],
  ['tsp', '茶匙', 'teaspoon'],
  ['cup', '杯', 'cup'],
  ['pinch', '少许', 'pinch'],
  ['slice', '片', 'slice'],
] as const;

export const DICT_ITEMS: [string, string, string, string, number][] = [
  ...UNITS.map(
    ([code, zh, en], i) =>
      ['INGREDIENTS_UNIT', code, zh, en, i + 1] as [string, string, string, string, number],
  ),
  ...Object.entries(HEATING_MODE_NAMES).map(
    ([code, n], i) => ['HOT_WIND_MODE', code, n.zh, n.en, i + 1] as [string, string, string, string, number],
  ),
  ...WORK_MODES.map(
    (m, i) => ['WORK_MODE', m.code, m.nameZh, m.nameEn, i + 1] as [string, string, string, string, number],
  ),
];

/** [product code, zh, en, pot type, factory model] — one or more models per appliance type and combination. */
export const PRODUCTS = [
  ['TM-6', '智能料理锅 TM-6', 'Robot cooker TM-6', 'ROBOT_COOKER', 'KC-R600'],
  ['TM-7', '智能料理锅 TM-7', 'Robot cooker TM-7', 'ROBOT_COOKER', 'KC-R700'],
  ['AF-5', '空气炸锅 AF-5', 'Air fryer AF-5', 'AIR_FRYER', 'KC-A500'],
  ['AF-8', '双篮空气炸锅 AF-8', 'Dual-basket air fryer AF-8', 'AIR_FRYER', 'KC-A800'],
  ['SM-3', '厨师机 SM-3', 'Stand mixer SM-3', 'STAND_MIXER', 'KC-S300'],
  ['OV-40', '智能烤箱 OV-40', 'Smart oven OV-40', 'OVEN', 'KC-O400'],
  ['TMA-1', '料理锅+空气炸 TMA-1', 'Robot cooker with air fryer TMA-1', 'ROBOT_COOKER_AIR_FRYER', 'KC-RA100'],
  [
    'TMS-1',
    '料理锅+厨师机 TMS-1',
    'Robot cooker with stand mixer TMS-1',
    'ROBOT_COOKER_STAND_MIXER',
    'KC-RS100',
  ],
] as const;
