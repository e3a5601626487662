import zh from './zh.json' with { type: 'json' };

/** The APK sub-package screens' strings. */
export const apkZh = zh;
