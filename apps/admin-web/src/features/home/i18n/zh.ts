export const homeZh = {
  greeting: '欢迎，{{name}}',
  today: '今天是 {{date}}',
  counts: {
    recipeCount: '菜谱数',
    recipeCategoryCount: '菜谱分类数',
    deviceCount: '设备数',
    onlineDeviceCount: '在线设备数',
    activatedDeviceCount: '激活设备数',
    userCount: '用户数',
    recipeNote: '含回收站 {{count}} 个',
  },
  recipeRanking: '热门菜谱排行',
  categoryRanking: '热门分类排行',
  rankingSeries: '热度',
  rankingEmpty: '暂无排行数据',
  unavailable: '暂时无法获取',
};
