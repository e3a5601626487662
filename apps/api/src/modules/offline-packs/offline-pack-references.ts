import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { OfflinePackContent, UiLang } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import { PG_POOL } from '../../infra/tokens.js';

interface Problem {
  field: string;
  code: string;
  params?: Record<string, string | number>;
}

/** How many recipe numbers a refusal names before "…". */
const NAMED = 5;

const listed = (numbers: string[]) =>
  numbers.length > NAMED ? `${numbers.slice(0, NAMED).join(', ')}…` : numbers.join(', ');

/**
 * What a pack names must be the caller's brand's own and fit together: the factory model among the brand's models
 * (`brand_products`), the customer model a sub-brand of the brand selling that model (`sub_brand_products`), the
 * number unused by the brand's other packs, and every selected recipe the brand's, released and compatible with the
 * factory model (the recipe read model `recipe_list`).
 *
 * The number check here reads the pack read model and names the problem early, beside the other field errors; the
 * race-safe guarantee is the claim in `offline_pack_numbers` around the append (offline-pack-numbers.ts).
 */
@Injectable()
export class OfflinePackReferences {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Throws 400 with a field error per wrong reference; a no-op when everything fits. */
  async check(brand: string, packId: string, content: OfflinePackContent, lang: UiLang): Promise<void> {
    const [model, customer, number, recipes] = await Promise.all([
      this.pool.query('SELECT 1 FROM brand_products WHERE brand_owner_code = $1 AND product_code = $2', [
        brand,
        content.productCode,
      ]),
      this.pool.query(
        `SELECT 1 FROM sub_brand_products WHERE brand_owner_code = $1 AND sub_brand_code = $2 AND product_code = $3`,
        [brand, content.subBrandCode, content.productCode],
      ),
      this.pool.query(
        `SELECT 1 FROM offline_pack_list
          WHERE brand_owner_code = $1 AND lower(number) = lower($2) AND pack_id <> $3::uuid LIMIT 1`,
        [brand, content.number, packId],
      ),
      this.recipeProblems(brand, content),
    ]);
    const problems: Problem[] = [];
    if (number.rowCount)
      problems.push({
        field: 'number',
        code: 'offline_pack_number_taken',
        params: { number: content.number },
      });
    if (!model.rowCount) problems.push({ field: 'productCode', code: 'offline_pack_model_missing' });
    else if (!customer.rowCount)
      problems.push({ field: 'subBrandCode', code: 'offline_pack_customer_model_missing' });
    // Compatibility with a model that is not the brand's would only repeat the model's problem.
    problems.push(...recipes.filter((p) => model.rowCount || p.code !== 'offline_pack_recipes_incompatible'));
    throw400(problems, lang);
  }

  /** Throws 400 unless every selected recipe is still the brand's, released and compatible (before publishing). */
  async checkRecipes(brand: string, content: OfflinePackContent, lang: UiLang): Promise<void> {
    throw400(await this.recipeProblems(brand, content), lang);
  }

  private async recipeProblems(brand: string, content: OfflinePackContent): Promise<Problem[]> {
    const { rows } = await this.pool.query<{
      id: string;
      number: string;
      status: string;
      product_codes: string[];
    }>(
      `SELECT recipe_id::text AS id, number, status, product_codes FROM recipe_list
        WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
      [brand, content.recipeIds],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = content.recipeIds.filter((id) => !byId.has(id));
    const found = content.recipeIds.flatMap((id) => byId.get(id) ?? []);
    const unreleased = found.filter((r) => r.status !== 'released').map((r) => r.number);
    const incompatible = found
      .filter((r) => r.status === 'released' && !r.product_codes.includes(content.productCode))
      .map((r) => r.number);
    const problems: Problem[] = [];
    if (missing.length)
      problems.push({
        field: 'recipeIds',
        code: 'offline_pack_recipes_missing',
        params: { count: missing.length },
      });
    if (unreleased.length)
      problems.push({
        field: 'recipeIds',
        code: 'offline_pack_recipes_not_released',
        params: { numbers: listed(unreleased) },
      });
    if (incompatible.length)
      problems.push({
        field: 'recipeIds',
        code: 'offline_pack_recipes_incompatible',
        params: { numbers: listed(incompatible), model: content.productCode },
      });
    return problems;
  }
}

function throw400(problems: Problem[], lang: UiLang): void {
  if (problems.length === 0) return;
  const fieldErrors: Record<string, string> = {};
  for (const p of problems) fieldErrors[p.field] ??= translate(p.code, lang, p.params ?? {}) ?? p.code;
  throw new AppError(400, problems[0]!.code, problems[0]!.params ?? {}, { fieldErrors });
}
