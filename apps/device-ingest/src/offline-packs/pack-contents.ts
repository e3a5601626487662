import type { RecipeContent } from '@kb/contracts';

/**
 * What goes into an offline pack, decided without I/O: which recipes (all selected for an initial pack, only what
 * changed since the model's last released pack for an incremental one), each recipe as a device reads it in one
 * language, and the media files they use.
 */

/** A recipe as the build reads it from the recipe read model (`recipe_detail.state`). */
export interface PackedRecipeSource {
  id: string;
  status: string;
  version: number;
  content: RecipeContent;
}

/** One recipe a device of the model holds after a pack: the catalog entry. */
export interface CatalogEntry {
  id: string;
  number: string;
  version: number;
}

export interface PackSelection {
  /** Recipes whose files go into the pack. */
  included: PackedRecipeSource[];
  /** Ids a device drops (incremental packs only). */
  removedRecipeIds: string[];
  /** What a device holds after applying the pack. */
  catalog: CatalogEntry[];
}

/**
 * Initial: everything selected. Incremental: against the baseline catalog (the model's last released pack), the
 * recipes that are new or carry another version, and the ids no longer selected. Without a baseline an incremental
 * pack holds everything, as there is nothing on the devices to build on.
 */
export function selectPackContents(
  type: 'initial' | 'incremental',
  selected: PackedRecipeSource[],
  baseline: CatalogEntry[] | null,
): PackSelection {
  const catalog = selected.map((r) => ({ id: r.id, number: r.content.number, version: r.version }));
  if (type === 'initial' || baseline === null) return { included: selected, removedRecipeIds: [], catalog };
  const before = new Map(baseline.map((e) => [e.id, e.version]));
  const now = new Set(selected.map((r) => r.id));
  return {
    included: selected.filter((r) => before.get(r.id) !== r.version),
    removedRecipeIds: baseline.filter((e) => !now.has(e.id)).map((e) => e.id),
    catalog,
  };
}

/** The file codes a recipe uses: its picture and each step's picture/video and audio, once each. */
export function recipeMedia(content: RecipeContent): string[] {
  const codes = new Set<string>();
  if (content.pictureFileCode) codes.add(content.pictureFileCode);
  for (const version of content.servingVersions)
    for (const step of version.steps) {
      if (step.mediaFileCode) codes.add(step.mediaFileCode);
      if (step.audioFileCode) codes.add(step.audioFileCode);
    }
  return [...codes];
}

/** What a recipe names by id, with its names per language (`names` jsonb of the catalog tables). */
export type ReferenceKind = 'units' | 'categories' | 'tags' | 'accessories';
export type ReferenceNames = Record<ReferenceKind, Map<string, Record<string, string>>>;

/** The ids each kind of reference takes over these recipes, once each and sorted (a stable query and order). */
export function referencedIds(recipes: PackedRecipeSource[]): Record<ReferenceKind, string[]> {
  const ids: Record<ReferenceKind, Set<string>> = {
    units: new Set(),
    categories: new Set(),
    tags: new Set(),
    accessories: new Set(),
  };
  for (const { content: c } of recipes) {
    if (c.categoryId) ids.categories.add(c.categoryId);
    for (const id of c.tagIds) ids.tags.add(id);
    for (const id of c.accessoryIds) ids.accessories.add(id);
    for (const version of c.servingVersions)
      for (const ingredient of version.ingredients) if (ingredient.unitId) ids.units.add(ingredient.unitId);
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return {
    units: sorted(ids.units),
    categories: sorted(ids.categories),
    tags: sorted(ids.tags),
    accessories: sorted(ids.accessories),
  };
}

export const NO_REFERENCE_NAMES: ReferenceNames = {
  units: new Map(),
  categories: new Map(),
  tags: new Map(),
  accessories: new Map(),
};

/** A text in the language, else in the recipe's main language, else empty. */
function textIn(texts: Record<string, string>, lang: string, mainLang: string): string {
  return texts[lang] || texts[mainLang] || '';
}

/**
 * The recipe as a device shows it in one language: each text in that language (the main language's where that one
 * is empty), machine settings as stored, media as paths inside the pack (`mediaPath(fileCode)`).
 */
export function localizedRecipe(
  recipe: PackedRecipeSource,
  lang: string,
  mediaPath: (fileCode: string) => string,
  names: ReferenceNames = NO_REFERENCE_NAMES,
) {
  const c = recipe.content;
  // A device shows what a recipe refers to by name: in this language, else the main language's, else any.
  const named = (kind: ReferenceKind, id: string) => {
    const all = names[kind].get(id) ?? {};
    return { id, name: all[lang] || all[c.mainLang] || Object.values(all).find(Boolean) || '' };
  };
  const own = c.texts[lang];
  const main = c.texts[c.mainLang];
  const text = (field: 'name' | 'description' | 'chefTips') => own?.[field] || main?.[field] || '';
  const media = (code: string | null) => (code ? mediaPath(code) : null);
  return {
    id: recipe.id,
    number: c.number,
    version: recipe.version,
    lang,
    mainLang: c.mainLang,
    type: c.type,
    name: text('name'),
    description: text('description'),
    chefTips: text('chefTips'),
    picture: media(c.pictureFileCode),
    difficulty: c.difficulty,
    prepMinutes: c.prepMinutes,
    cookMinutes: c.cookMinutes,
    restMinutes: c.restMinutes,
    nutrients: c.nutrients,
    categoryId: c.categoryId,
    category: c.categoryId ? named('categories', c.categoryId) : null,
    tagIds: c.tagIds,
    tags: c.tagIds.map((id) => named('tags', id)),
    accessoryIds: c.accessoryIds,
    accessories: c.accessoryIds.map((id) => named('accessories', id)),
    productCodes: c.productCodes,
    showOnMachine: c.showOnMachine,
    servingVersions: c.servingVersions.map((v) => ({
      servings: v.servings,
      ingredients: v.ingredients.map((i) => ({
        name: textIn(i.names, lang, c.mainLang),
        quantity: i.quantity,
        unitId: i.unitId,
        unit: i.unitId ? named('units', i.unitId) : null,
        description: textIn(i.descriptions, lang, c.mainLang),
      })),
      steps: v.steps.map((s) => ({
        number: s.number,
        workMode: s.workMode,
        description: textIn(s.descriptions, lang, c.mainLang),
        media: media(s.mediaFileCode),
        audio: media(s.audioFileCode),
        autoStart: s.autoStart,
        temperature: s.temperature,
        rotation: s.rotation,
        speed: s.speed,
        minutes: s.minutes,
        seconds: s.seconds,
        waterGear: s.waterGear,
        heatingMode: s.heatingMode,
        heatingLogic: s.heatingLogic,
      })),
    })),
  };
}

/** A media file's name inside the pack: its code and the extension its type calls for. */
export function mediaFileName(fileCode: string, mime: string, originalName: string): string {
  const known: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'video/mp4': 'mp4',
    'audio/mpeg': 'mp3',
    'audio/mp4': 'm4a',
    'audio/wav': 'wav',
  };
  const fromName = /\.([A-Za-z0-9]{1,8})$/.exec(originalName)?.[1]?.toLowerCase();
  return `media/${fileCode}.${known[mime] ?? fromName ?? 'bin'}`;
}
