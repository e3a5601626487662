import { z } from 'zod';
import { text } from './text.js';

/**
 * The building blocks of the answer schemas (answer-schemas.ts and the `*-answers.ts` files). Not exported from the
 * package: the short names are for those files only.
 */

/** A string of an answer: documented here, never parsed (what the API wrote passed the text rule on its way in). */
export const str = () => text({ trim: false });
export const id = z.string().uuid();
export const time = str().describe('ISO 8601');
export const int = z.number().int();
export const maybe = () => str().nullable();
