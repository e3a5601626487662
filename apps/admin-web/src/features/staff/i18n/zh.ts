import zh from './zh.json' with { type: 'json' };
import zhErrors from './errors.zh.json' with { type: 'json' };

export const staffZh = zh;
/** Form error codes of the staff screen (the API's own codes and words). */
export const staffErrorsZh = zhErrors;
