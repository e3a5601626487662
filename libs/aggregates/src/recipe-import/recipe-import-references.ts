import path from 'node:path';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { RecipeImportCheck, RecipeImportMapping } from '@kb/contracts';
import { brandLanguages } from '../brand-references.js';
import { openRecipeArchive, type RecipeArchive } from './recipe-archive-reader.js';

/** What the brand has that an archive's references are matched against (by number, name or code). */
export async function brandReferences(pool: pg.Pool, brand: string) {
  const byNumber = async (table: string) =>
    new Map(
      (
        await pool.query<{ id: string; number: string }>(
          `SELECT id::text, number FROM ${table} WHERE brand_owner_code = $1`,
          [brand],
        )
      ).rows.map((r) => [r.number.toLowerCase(), r.id]),
    );
  const [categories, tags, accessories, units, models, langs, numbers] = await Promise.all([
    byNumber('recipe_categories'),
    byNumber('recipe_tags'),
    byNumber('accessories'),
    pool.query<{ id: string; names: Record<string, string> }>(
      'SELECT id::text, names FROM ingredient_units WHERE brand_owner_code = $1',
      [brand],
    ),
    pool.query<{ product_code: string }>(
      'SELECT product_code FROM brand_products WHERE brand_owner_code = $1',
      [brand],
    ),
    brandLanguages(pool, brand),
    pool.query<{ number: string }>(
      `SELECT lower(number) AS number FROM recipe_list WHERE brand_owner_code = $1 AND status <> 'cleared'`,
      [brand],
    ),
  ]);
  const unitByName = new Map<string, string>();
  for (const u of units.rows)
    for (const name of Object.values(u.names)) if (name) unitByName.set(name.trim().toLowerCase(), u.id);
  return {
    categories,
    tags,
    accessories,
    unitByName,
    models: new Set(models.rows.map((r) => r.product_code)),
    /** Archive model code → the brand's, as the mapping step chose. */
    modelFor: new Map<string, string>(),
    langs: new Set(langs.codes),
    mainLang: langs.main,
    /** Languages of the zip whose texts the mapping step chose to drop. */
    dropLangs: new Set<string>(),
    /** Languages the mapping step chose to enable for the brand (before the recipes are created). */
    enableLangs: [] as string[],
    /** References the mapping step chose to create: what the zip names them by → the new row's id. */
    create: {
      categories: new Map<string, string>(),
      tags: new Map<string, string>(),
      units: new Map<string, string>(),
    },
    numbers: new Set(numbers.rows.map((r) => r.number)),
  };
}
export type BrandReferences = Awaited<ReturnType<typeof brandReferences>>;

/** The brand's references with the mapping step's choices added: a mapped reference is found as its target. */
export function withMapping(refs: BrandReferences, mapping: Partial<RecipeImportMapping> = {}) {
  const add = (into: Map<string, string>, pairs: Record<string, string> = {}) => {
    for (const [from, to] of Object.entries(pairs)) into.set(from.trim().toLowerCase(), to);
  };
  add(refs.categories, mapping.categories);
  add(refs.tags, mapping.tags);
  add(refs.accessories, mapping.accessories);
  add(refs.unitByName, mapping.units);
  for (const [from, to] of Object.entries(mapping.models ?? {})) refs.modelFor.set(from, to);
  // A reference to create is found as its new row, created before the recipes that name it.
  for (const kind of ['categories', 'tags', 'units'] as const)
    for (const from of mapping.create?.[kind] ?? []) {
      const key = from.trim().toLowerCase();
      const known = kind === 'units' ? refs.unitByName : refs[kind];
      if (known.has(key)) continue;
      const id = randomUUID();
      refs.create[kind].set(from, id);
      known.set(key, id);
    }
  for (const [lang, choice] of Object.entries(mapping.langs ?? {})) {
    if (refs.langs.has(lang)) continue;
    if (choice === 'enable') {
      refs.enableLangs.push(lang);
      refs.langs.add(lang);
    } else refs.dropLangs.add(lang);
  }
  return refs;
}

/** The references the archive's recipes name that the brand does not have, each once, in the archive's order. */
export function unknownReferences(archive: RecipeArchive, refs: BrandReferences): RecipeImportCheck {
  const found = {
    categories: new Set<string>(),
    tags: new Set<string>(),
    accessories: new Set<string>(),
    units: new Set<string>(),
    models: new Set<string>(),
    langs: new Set<string>(),
  };
  const creatable = { categories: new Set<string>(), tags: new Set<string>() };
  const mainOf: Record<string, number> = {};
  const lacking = (known: Map<string, string>, number: string) => !known.has(number.toLowerCase());
  for (const { entry } of archive.recipes) {
    if (!entry) continue;
    const c = entry.content;
    if (entry.refs.category && lacking(refs.categories, entry.refs.category)) {
      found.categories.add(entry.refs.category);
      if (entry.refs.categoryNames && Object.keys(entry.refs.categoryNames).length)
        creatable.categories.add(entry.refs.category);
    }
    for (const n of Object.values(entry.refs.tags))
      if (lacking(refs.tags, n)) {
        found.tags.add(n);
        if (entry.refs.tagNames?.[n] && Object.keys(entry.refs.tagNames[n]).length) creatable.tags.add(n);
      }
    if (typeof c.mainLang === 'string' && !refs.langs.has(c.mainLang))
      mainOf[c.mainLang] = (mainOf[c.mainLang] ?? 0) + 1;
    for (const n of Object.values(entry.refs.accessories))
      if (lacking(refs.accessories, n)) found.accessories.add(n);
    for (const names of Object.values(entry.refs.units)) {
      const all = Object.values(names).filter(Boolean);
      // Named as the brand reads it: in its main language where the zip has that name.
      if (all.length && !all.some((n) => refs.unitByName.has(n.trim().toLowerCase())))
        found.units.add(names[refs.mainLang] || all[0]!);
    }
    for (const m of Array.isArray(c.productCodes) ? (c.productCodes as string[]) : [])
      if (!refs.models.has(m)) found.models.add(m);
    for (const l of Array.isArray(c.langs) ? (c.langs as string[]) : [])
      if (!refs.langs.has(l)) found.langs.add(l);
  }
  return {
    categories: [...found.categories],
    tags: [...found.tags],
    accessories: [...found.accessories],
    units: [...found.units],
    models: [...found.models],
    langs: [...found.langs],
    mainOf: Object.fromEntries([...found.langs].map((l) => [l, mainOf[l] ?? 0])),
    creatable: {
      categories: [...found.categories].filter((n) => creatable.categories.has(n)),
      tags: [...found.tags].filter((n) => creatable.tags.has(n)),
      units: [...found.units],
    },
  };
}

/**
 * The recipe's content without the texts of the languages the mapping step dropped. A recipe whose main language is
 * dropped takes the brand's main language if it has it, else its first remaining language the brand has; `null`
 * when no language of the recipe is left.
 */
export function withoutLanguages(
  content: Record<string, unknown>,
  refs: Pick<BrandReferences, 'dropLangs' | 'langs' | 'mainLang'>,
): Record<string, unknown> | null {
  const langs = Array.isArray(content.langs) ? (content.langs as string[]) : [];
  if (!langs.some((l) => refs.dropLangs.has(l))) return content;
  const kept = langs.filter((l) => !refs.dropLangs.has(l));
  if (!kept.length) return null;
  const strip = (texts: unknown) =>
    texts && typeof texts === 'object'
      ? Object.fromEntries(Object.entries(texts).filter(([l]) => !refs.dropLangs.has(l)))
      : texts;
  const main = content.mainLang as string;
  const mainLang = !refs.dropLangs.has(main)
    ? main
    : kept.includes(refs.mainLang)
      ? refs.mainLang
      : (kept.find((l) => refs.langs.has(l)) ?? kept[0]!);
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  return {
    ...content,
    mainLang,
    langs: kept,
    texts: strip(content.texts),
    servingVersions: list(content.servingVersions).map((v) => ({
      ...v,
      ingredients: list(v.ingredients).map((i) => ({
        ...i,
        names: strip(i.names),
        descriptions: strip(i.descriptions),
      })),
      steps: list(v.steps).map((st) => ({ ...st, descriptions: strip(st.descriptions) })),
    })),
  };
}

/** What the mapping step asks about an uploaded archive of the brand (`recipe/importCheck`). */
export async function checkRecipeArchive(
  pool: pg.Pool,
  filesDir: string,
  brand: string,
  storagePath: string,
) {
  const archive = await openRecipeArchive(path.resolve(filesDir, storagePath));
  try {
    return unknownReferences(archive, await brandReferences(pool, brand));
  } finally {
    archive.close();
  }
}
