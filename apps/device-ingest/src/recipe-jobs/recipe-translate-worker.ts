import {
  recipeSourceTexts,
  recipeTextAt,
  type RecipeContent,
  type RecipeTranslationProposal,
} from '@kb/contracts';
import {
  defineJobWorker,
  TRANSLATION_QUEUE,
  type JobContext,
  type JobWorkerDeps,
  type TranslationJob,
  type TranslationProvider,
} from '@kb/platform';

export interface RecipeTranslateDeps extends JobWorkerDeps {
  /** One per process (its rate limit is the process's), chosen by the TRANSLATION_* settings. */
  provider: TranslationProvider;
}

interface DetailRow {
  id: string;
  state: { status: string; content: RecipeContent };
  revision: string;
}

/** Why a recipe cannot be translated as asked, as a message code with its params; null when it can. */
function refusal(
  row: DetailRow | undefined,
  sourceLang: string,
  targets: string[],
): { code: string; params: Record<string, string> } | null {
  if (!row) return { code: 'recipe_not_found', params: {} };
  const { content, status } = row.state;
  const number = content.number;
  if (status !== 'editing') return { code: 'recipe_translate_not_editing', params: { number } };
  if (content.langs.length < 2) return { code: 'recipe_translate_single_lang', params: { number } };
  if (!content.langs.includes(sourceLang))
    return { code: 'recipe_translate_source_missing', params: { number, lang: sourceLang } };
  if (targets.length === 0)
    return { code: 'recipe_translate_target_missing', params: { number, langs: content.langs.join(', ') } };
  return null;
}

/**
 * Translates each selected recipe of the brand from the source language into every target it supports, and
 * leaves the result as a proposal on the run's report (nothing is saved: the user reviews and confirms it). A
 * recipe the provider fails on is reported failed with the reason; the others go on.
 */
async function translateRecipes(ctx: JobContext<TranslationJob>, deps: RecipeTranslateDeps) {
  const { brandOwnerCode: brand, recipeIds, sourceLang, targetLangs } = ctx.data;
  const { provider } = deps;
  const { rows } = await deps.pool.query<DetailRow>(
    `SELECT recipe_id::text AS id, state, revision FROM recipe_detail
      WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
    [brand, recipeIds],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const counts = { proposed: 0, failed: 0, refused: 0 };
  for (const [i, id] of recipeIds.entries()) {
    const row = byId.get(id);
    const content = row?.state.content;
    const key = content?.number ?? id.slice(0, 8);
    const targets = content ? targetLangs.filter((l) => l !== sourceLang && content.langs.includes(l)) : [];
    const refused = refusal(row, sourceLang, targets);
    const sources = content && !refused ? recipeSourceTexts(content, sourceLang) : [];
    if (refused || sources.length === 0) {
      const { code, params } = refused ?? {
        code: 'recipe_translate_nothing',
        params: { number: key, lang: sourceLang },
      };
      ctx.item({ key, outcome: 'refused', code, params });
      counts.refused++;
    } else {
      try {
        const translated: Record<string, string[]> = {};
        for (const target of targets)
          translated[target] = await provider.translate(
            sources.map((s) => s.text),
            sourceLang,
            target,
          );
        const proposal: RecipeTranslationProposal = {
          recipeId: id,
          number: key,
          revision: Number(row!.revision),
          provider: provider.name,
          demo: provider.demo,
          sourceLang,
          targetLangs: targets,
          fields: sources.map((s, f) => ({
            path: s.path,
            source: s.text,
            translations: Object.fromEntries(targets.map((t) => [t, translated[t]![f]!])),
            current: Object.fromEntries(targets.map((t) => [t, recipeTextAt(content!, s.path, t)])),
          })),
        };
        ctx.item({ key, outcome: 'proposed', data: proposal });
        counts.proposed++;
      } catch (error) {
        ctx.item({
          key,
          outcome: 'failed',
          code: 'recipe_translate_failed',
          params: { number: key, reason: (error as Error).message.slice(0, 300) },
        });
        counts.failed++;
      }
    }
    await ctx.progress(i + 1, recipeIds.length);
  }
  return { summary: { ...counts, provider: provider.name, demo: provider.demo } };
}

/** The worker of queue `translation`, on the job kit: one translation job at a time. */
export const recipeTranslateWorker = defineJobWorker({
  queue: TRANSLATION_QUEUE,
  kind: 'recipe-translate',
  concurrency: 1,
  run: (ctx, deps: RecipeTranslateDeps) => translateRecipes(ctx, deps),
});
