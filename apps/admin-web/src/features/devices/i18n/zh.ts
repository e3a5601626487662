import zh from './zh.json' with { type: 'json' };
import zhErrors from './errors.zh.json' with { type: 'json' };

/** The device screens' strings (device info, fault summary and records, test device group). */
export const devicesZh = zh;
/** Form error codes of the device screens (the API's zod messages), joined to the shared `errors`. */
export const devicesErrorsZh = zhErrors;
