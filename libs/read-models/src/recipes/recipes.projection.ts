import type { RecipeContent } from '@kb/contracts';
import {
  RECIPE_EVENT_TYPES,
  evolveRecipe,
  upcastRecipeEvent,
  type ExistingRecipe,
  type RecipeState,
} from '@kb/domain';
import { defineAggregateProjection, type AggregateRecord } from '../framework/aggregate-projection.js';
import { aggregateStream, deciderFold, existingWith } from '../content-check.js';

const RECIPE_STREAM = aggregateStream('recipe');

const isRecipe = existingWith<RecipeState, ExistingRecipe, RecipeContent>({
  number: 'string',
  texts: 'object',
  langs: 'array',
  productCodes: 'array',
  tagIds: 'array',
});

/** Names per language (non-empty only), as the list shows and filters them. */
export function recipeNames(content: RecipeContent): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [lang, texts] of Object.entries(content.texts)) if (texts.name) names[lang] = texts.name;
  return names;
}

function listRow(t: AggregateRecord<ExistingRecipe>) {
  const { state } = t;
  const c = state.content;
  const names = recipeNames(c);
  return {
    recipe_id: t.id,
    brand_owner_code: t.brand,
    number: c.number,
    names,
    names_text: Object.values(names).join('\n'),
    name_grams: nameGramsText(Object.values(names)),
    facets: recipeFacetsText(c.productCodes, c.tagIds),
    main_lang: c.mainLang,
    langs: c.langs,
    type: c.type,
    status: state.status,
    version: state.version,
    category_id: c.categoryId,
    tag_ids: c.tagIds,
    product_codes: c.productCodes,
    online: c.online,
    paid: c.paid,
    picture_file_code: c.pictureFileCode,
    difficulty: c.difficulty,
    show_on_machine: c.showOnMachine,
    servings: c.servingVersions.map((v) => v.servings),
    created_at: t.createdAt,
    created_by: t.createdBy,
    updated_at: t.updatedAt,
    updated_by: t.updatedBy,
    released_at: t.facts.released_at,
    deleted_at: state.deletedAt,
    recycled_from: state.recycledFrom,
    copied_from: state.copiedFrom?.recipeId ?? null,
    revision: t.revision,
  };
}

const LIST_COLUMNS = `recipe_id uuid, brand_owner_code text, number text, names jsonb, names_text text, name_grams text,
  facets text, main_lang text,
  langs text[], type text, status text, version integer, category_id uuid, tag_ids uuid[], product_codes text[],
  online boolean, paid boolean, picture_file_code uuid, difficulty text, show_on_machine boolean, servings integer[],
  created_at timestamptz, created_by text, updated_at timestamptz, updated_by text, released_at timestamptz,
  deleted_at timestamptz, recycled_from text, copied_from uuid, revision bigint`;

/** Separates the name pieces in `recipe_list.name_grams`. */
export const GRAM_SEPARATOR = '\x1f';

/**
 * `recipe_list.name_grams` as the array of pieces the name index holds: the index and the API's name filter
 * (recipe-rows.ts `nameContains`) must use this same expression for the index to serve the filter.
 */
export function nameGramsSql(column: string): string {
  return `string_to_array(${column}, E'\\x1f')`;
}

/** A model's key among a recipe's facets (`recipe_list.facets`). */
export const modelFacet = (productCode: string): string => `m:${productCode}`;
/** A label's key among a recipe's facets (`recipe_list.facets`). */
export const labelFacet = (tagId: string): string => `t:${tagId.toLowerCase()}`;

/**
 * `recipe_list.facets`: the recipe's models and labels as one separated text of keys (`modelFacet`, `labelFacet`),
 * indexed as the array it splits into (`nameGramsSql`). One index for both filters: the list filtered by a model and
 * a label is one index scan that steps through the rarer key's entries, where two indexes each built a bitmap of
 * every match of their key and then intersected them (at a million recipes a model's 250,000 and a label's
 * 67,000 entries: 58 ms before the first row was read; one scan, 9 ms). A key holding the separator is left out.
 */
export function recipeFacetsText(productCodes: readonly string[], tagIds: readonly string[]): string {
  const keys = [...productCodes.map(modelFacet), ...tagIds.map(labelFacet)];
  return keys.filter((k) => !k.includes(GRAM_SEPARATOR)).join(GRAM_SEPARATOR);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The name search index: every 1- and 2-character piece of each name, lowercased. Bigrams rather than pg_trgm's
 * trigrams because Chinese names are searched by two characters ("鸡翅"), which trigrams cannot narrow; the list
 * query cuts the searched text the same way (apps/api recipe-rows.ts `searchGrams`) and ILIKE on `names_text`
 * confirms the match.
 */
export function nameGrams(names: string[]): string[] {
  const grams = new Set<string>();
  for (const chars of nameCharacters(names)) {
    for (let i = 0; i < chars.length; i++) {
      grams.add(chars[i]!);
      if (i + 1 < chars.length) grams.add(chars[i]! + chars[i + 1]!);
    }
  }
  return [...grams];
}

/**
 * The pieces of `nameGrams` as stored: joined by the separator, pieces that contain it left out (a name never has
 * one). Cut straight into the text, with no array, copy or filter in between: a catch-up does this for every recipe.
 */
export function nameGramsText(names: string[]): string {
  const seen = new Set<string>();
  let text = '';
  for (const chars of nameCharacters(names)) {
    for (let i = 0; i < chars.length; i++) {
      const one = chars[i]!;
      if (!seen.has(one) && one !== GRAM_SEPARATOR) {
        seen.add(one);
        text = text === '' ? one : text + GRAM_SEPARATOR + one;
      }
      if (i + 1 === chars.length) continue;
      const two = one + chars[i + 1]!;
      if (!seen.has(two) && !two.includes(GRAM_SEPARATOR)) {
        seen.add(two);
        text = text === '' ? two : text + GRAM_SEPARATOR + two;
      }
    }
  }
  return text;
}

/** Each name lowercased, as its characters. */
function nameCharacters(names: string[]): ArrayLike<string>[] {
  return names.map((name) => {
    const lower = name.toLowerCase();
    // Characters are UTF-16 units unless the name has a surrogate pair (an emoji, a rare ideograph): only then
    // split by code point (a catch-up of 100k recipes spent a quarter of a second in Array.from here).
    return SURROGATE.test(lower) ? Array.from(lower) : lower;
  });
}

/**
 * The recipe read models, folded with the recipe decider's own `evolve` so the screens can never
 * disagree with the rules about what a recipe is:
 *
 * - `recipe_detail`: one row per recipe with its whole current state (content, status, version, recycle-bin
 *   facts) as json and the stream revision the editor saves against.
 * - `recipe_list`: one row per recipe with the columns the list screens filter, sort and show, indexed for
 *   100k recipes per brand: status, category, number prefix, names in any language (a bigram index), models and
 *   labels; online, paid, type and language narrow what those find.
 *
 * A cleared recipe leaves both tables (it is gone from every screen); its stream keeps the history.
 */
export const recipesProjection = defineAggregateProjection<RecipeState, ExistingRecipe>({
  name: 'recipes',
  // Why the tables have this shape: names are searched by bigrams (name_grams), flags sit in the list-order
  // indexes, and counts by type come from an index, so list screens never scan rows; a catch-up writes every
  // recipe's state, so it is stored as text compressed with lz4 (no parse, cheap compression) and rows go in with
  // COPY; the name pieces are one separated text (a narrower row) compared bytewise (COLLATE "C" builds their
  // index faster, and equality is the same as under the database's collation).
  version: 11,
  handles: RECIPE_EVENT_TYPES,
  stream: RECIPE_STREAM,
  key: 'recipe_id',
  detail: 'recipe_detail',
  facts: ['released_at'],
  initial: { status: 'absent' },
  evolve: deciderFold(evolveRecipe, upcastRecipeEvent),
  isValid: isRecipe,
  isShown: (state): state is ExistingRecipe => isRecipe(state) && state.status !== 'cleared',
  creates: ['RecipeCreated', 'RecipeCopied'],
  note(event, at, facts) {
    if (event.type === 'RecipeReleased') facts.released_at = at;
  },
  listRow,
  // A catch-up's fold is mostly this projection's: it runs on a core of its own.
  foldThread: true,
  list: {
    name: 'recipe_list',
    columns: LIST_COLUMNS,
    create: (t) => `
        CREATE TABLE ${t} (
          recipe_id uuid PRIMARY KEY,
          brand_owner_code text NOT NULL,
          number text NOT NULL,
          names jsonb NOT NULL,
          names_text text NOT NULL,
          name_grams text COLLATE "C" NOT NULL,
          facets text COLLATE "C" NOT NULL,
          main_lang text NOT NULL,
          langs text[] NOT NULL,
          type text NOT NULL,
          status text NOT NULL,
          version integer NOT NULL,
          category_id uuid,
          tag_ids uuid[] NOT NULL,
          product_codes text[] NOT NULL,
          online boolean NOT NULL,
          paid boolean NOT NULL,
          picture_file_code uuid,
          difficulty text,
          show_on_machine boolean NOT NULL,
          servings integer[] NOT NULL,
          created_at timestamptz NOT NULL,
          created_by text NOT NULL,
          updated_at timestamptz NOT NULL,
          updated_by text NOT NULL,
          released_at timestamptz,
          deleted_at timestamptz,
          recycled_from text,
          copied_from uuid,
          revision bigint NOT NULL
        );
        -- The default order of the library, and the same per status (the status tabs, the recycle bin).
        -- The flags ride along so that a page's count under these filters is an index-only scan.
        CREATE INDEX ON ${t} (brand_owner_code, updated_at DESC, recipe_id DESC) INCLUDE (status, online, paid, type);
        CREATE INDEX ON ${t} (brand_owner_code, status, updated_at DESC, recipe_id DESC) INCLUDE (online, paid, type);
        -- A category's recipes, per status in the list's order: a category's page under a status tab is an index
        -- range, and its count (up to the exact bound), with the flags too, an index-only scan, not a visit of each
        -- row for its status.
        CREATE INDEX ON ${t} (brand_owner_code, category_id, status, updated_at DESC, recipe_id DESC)
          INCLUDE (online, paid, type);
        -- Counts by recipe type (a filter that keeps a third of the brand) with the language and date filters that
        -- come with it, without reading the wide rows; in the order of the list sorted by type.
        CREATE INDEX ON ${t} (brand_owner_code, type, recipe_id DESC) INCLUDE (status, langs, updated_at);
        -- The list sorted by a column header (the column, then the newest id first; read backwards when descending),
        -- so a sorted page is an index range, not a sort of the whole brand.
        CREATE INDEX ON ${t} (brand_owner_code, number, recipe_id DESC) INCLUDE (status);
        CREATE INDEX ON ${t} (brand_owner_code, version, recipe_id DESC) INCLUDE (status);
        CREATE INDEX ON ${t} (brand_owner_code, status, recipe_id DESC);
        -- The recycle bin by its own columns (last deleted first is its delete time read backwards): partial, so
        -- a small bin of a large library is read alone and the library's rows take no entries in them.
        CREATE INDEX ON ${t} (brand_owner_code, deleted_at, recipe_id DESC) WHERE status = 'recycle_bin';
        CREATE INDEX ON ${t} (brand_owner_code, number, recipe_id DESC) WHERE status = 'recycle_bin';
        CREATE INDEX ON ${t} (brand_owner_code, recycled_from, recipe_id DESC) WHERE status = 'recycle_bin';
        -- Number prefix search and the uniqueness check of the add.
        CREATE INDEX ON ${t} (brand_owner_code, lower(number) text_pattern_ops);
        -- The name pieces as one text, indexed as the array they split into: a text[] column cost 360 bytes a row,
        -- nearly half the row, and a name search reads the rows it finds.
        CREATE INDEX ON ${t} USING gin (${nameGramsSql('name_grams')});
        -- Models and labels, one index for both (recipeFacetsText).
        CREATE INDEX ON ${t} USING gin (${nameGramsSql('facets')});`,
  },
});
