import zh from './zh.json' with { type: 'json' };

/** The offline recipe pack screens' strings. */
export const offlinePacksZh = zh;
