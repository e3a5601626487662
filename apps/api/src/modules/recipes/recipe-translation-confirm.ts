import type pg from 'pg';
import type { RecipeTranslationProposal, RecipeTranslateConfirm } from '@kb/contracts';
import { isRefusal, type BatchOutcome, type RecipeAnswer, type RecipeCommandContext } from '@kb/aggregates';
import type { GlobalPosition } from '@kb/event-store';
import { findJobRun } from '@kb/platform';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';

/**
 * Saves a translation job's proposal, as proposed, for all its translated recipes or the given ones: one
 * `RecipeTranslated` per recipe, each refused if the recipe changed since the proposal or it was saved before.
 */
export async function confirmTranslation(
  pool: pg.Pool,
  { id: jobId, recipeIds }: RecipeTranslateConfirm,
  { actor, run }: RecipeCommandContext,
): Promise<BatchOutcome<RecipeAnswer>> {
  // The brand's own translation job only: another brand's id is "not found", never a hint it exists.
  const job = await findJobRun(pool, actor.brand, jobId);
  if (!job || job.kind !== 'recipe-translate') throw new AppError(404, 'job_not_found');
  if (job.state !== 'succeeded') throw new AppError(409, 'recipe_translate_not_ready');
  const proposals = job.results
    .filter((r) => r.outcome === 'proposed')
    .map((r) => r.data as RecipeTranslationProposal);
  const byId = new Map(proposals.map((p) => [p.recipeId, p]));
  const unknown = recipeIds?.find((id) => !byId.has(id));
  if (unknown) throw new AppError(400, 'recipe_translate_not_proposed', { id: unknown });
  const selected = recipeIds ? recipeIds.map((id) => byId.get(id)!) : proposals;
  if (selected.length === 0) throw new AppError(400, 'recipe_translate_nothing_to_confirm');

  const outcome: BatchOutcome<RecipeAnswer> = { outcomes: [], position: null };
  for (const proposal of selected) {
    const id = proposal.recipeId;
    const claimed = await pool.query(
      `INSERT INTO recipe_translation_confirmations (run_id, recipe_id, brand_owner_code, confirmed_by)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [jobId, id, actor.brand, actor.account],
    );
    if (claimed.rowCount === 0) {
      outcome.outcomes.push({
        id,
        label: proposal.number,
        error: new AppError(409, 'recipe_translate_already_confirmed', { number: proposal.number }),
      });
      continue;
    }
    try {
      const { provider, sourceLang, targetLangs, fields } = proposal;
      // The revision the texts were read at: a recipe edited since then is refused (409), not overwritten.
      const change = await run(
        id,
        () => [{ type: 'TranslateRecipe', jobId, provider, sourceLang, targetLangs, fields }],
        { expectedRevision: proposal.revision },
      );
      outcome.outcomes.push({ id, label: proposal.number, change });
      if (change.position) outcome.position = change.position as GlobalPosition;
    } catch (error) {
      await pool.query('DELETE FROM recipe_translation_confirmations WHERE run_id = $1 AND recipe_id = $2', [
        jobId,
        id,
      ]);
      if (!isRefusal(error)) throw error;
      outcome.outcomes.push({ id, label: proposal.number, error });
    }
  }
  // Nothing saved: the refusal itself is the answer ("confirmation failed" with its reason).
  if (outcome.outcomes.every((o) => o.error)) {
    const first = outcome.outcomes[0]!.error!;
    const reason = translate(first.code, actor.lang, first.params) ?? first.code;
    throw new AppError(first.status === 404 ? 404 : 409, 'recipe_translate_confirm_failed', { reason });
  }
  return outcome;
}
