import zh from './zh.json' with { type: 'json' };
import zhErrors from './errors.zh.json' with { type: 'json' };

/** The notice screens' strings (zh); en.json mirrors every key. */
export const noticesZh = zh;
/** Form error codes of the notice schemas (libs/contracts notice.ts), drawn under their fields. */
export const noticesErrorsZh = zhErrors;
