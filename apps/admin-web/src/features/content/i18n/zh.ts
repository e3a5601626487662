import zh from './zh.json' with { type: 'json' };
import zhErrors from './errors.zh.json' with { type: 'json' };

/**
 * Strings of the content screens (banners, themed recipe groups, lock-screen ads, hot search labels) and of the
 * public H5 page.
 */
export const contentZh = zh;
/**
 * The codes of the content rules (libs/contracts/src/content.ts), merged into the app's `errors` catalog, where
 * form errors are looked up.
 */
export const contentErrorsZh = zhErrors;
