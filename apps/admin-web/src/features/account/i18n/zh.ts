import zh from './zh.json' with { type: 'json' };

export const accountZh = zh;
