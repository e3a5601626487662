import zh from './zh.json' with { type: 'json' };

/** The app user screens' strings (ordinary users, user detail, search records). */
export const usersZh = zh;
