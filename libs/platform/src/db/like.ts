/**
 * A user's text inside a LIKE pattern, matched literally: its `\`, `%` and `_` escaped with LIKE's default escape
 * character, so that a search for `50%_off` finds that text and not every row.
 */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of the values that start with `text`. */
export const likePrefix = (text: string): string => `${likeLiteral(text)}%`;

/** The LIKE pattern of the values that contain `text`. */
export const likeContains = (text: string): string => `%${likeLiteral(text)}%`;
