import type { UiLang } from '@kb/contracts';

/**
 * The words of a message code in a language, from the process's catalog (the API's server messages); `null` when
 * the process has none for it, and the refusal then carries the code itself. A refusal built here names its code and
 * params whatever the words: a job's report (the workers) reads those alone.
 */
export type MessageWords = (
  code: string,
  lang: UiLang,
  params?: Record<string, string | number>,
) => string | null;

/** For a process without a message catalog: refusals carry their codes. */
export const noWords: MessageWords = () => null;
