import zh from './zh.json' with { type: 'json' };

export const authZh = zh;
