import { z } from 'zod';
import { APK_RELEASE_STATUSES, APK_REVIEW_STATUSES, APK_TEST_STATUSES } from './apk.js';
import { OFFLINE_PACK_RELEASE_STATUSES, OFFLINE_PACK_TEST_STATUSES } from './offline-pack.js';
import { RECIPE_STATUSES } from './recipe.js';
import { text } from './text.js';

/**
 * The answers of the event-sourced commands as schemas (the OpenAPI document's response schemas); the interfaces
 * beside each aggregate's contract (RecipeCommandAnswer, …) are the same shapes for the web.
 */
const changed = {
  /** The stream revision after the command (the editor saves against it). */
  revision: z.number().int(),
  /** False when the record already was as asked (nothing recorded). */
  changed: z.boolean(),
};

export const recipeCommandAnswerSchema = z.object({
  id: z.string().uuid(),
  number: text(),
  status: z.enum(RECIPE_STATUSES),
  version: z.number().int(),
  ...changed,
});

export const apkCommandAnswerSchema = z.object({
  id: z.string().uuid(),
  versionNumber: text(),
  reviewStatus: z.enum([...APK_REVIEW_STATUSES, 'deleted']),
  testStatus: z.enum(APK_TEST_STATUSES),
  releaseStatus: z.enum(APK_RELEASE_STATUSES),
  ...changed,
});

export const offlinePackCommandAnswerSchema = z.object({
  id: z.string().uuid(),
  number: text(),
  status: z.enum(['active', 'deleted']),
  testStatus: z.enum(OFFLINE_PACK_TEST_STATUSES),
  releaseStatus: z.enum(OFFLINE_PACK_RELEASE_STATUSES),
  ...changed,
});

const batchLabel = () => text().nullable();

/** A batch's report: per record done, or why not in the caller's language; `labelKey` names the record. */
export function batchAnswerSchema<K extends string>(labelKey: K) {
  const label = { [labelKey]: batchLabel() } as { [P in K]: ReturnType<typeof batchLabel> };
  return z.object({
    succeeded: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        id: z.string().uuid(),
        ...label,
        ok: z.boolean(),
        status: z.number().int().optional(),
        code: text().optional(),
        message: text().optional(),
      }),
    ),
  });
}
