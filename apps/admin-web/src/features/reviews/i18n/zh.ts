import zh from './zh.json' with { type: 'json' };

/** The review screens' strings (/user-evaluation-list, /user-evaluation-add). */
export const reviewsZh = zh;
