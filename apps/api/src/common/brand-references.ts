import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import { ownedAmong, type ReferenceKind } from '@kb/aggregates';
import { AppError } from './app-error.js';
import { translate } from './messages.js';

const KIND_NAMES: Record<ReferenceKind, Record<UiLang, string>> = {
  recipe: { zh: '菜谱', en: 'recipe' },
  image: { zh: '图片', en: 'image' },
  media: { zh: '图片或视频', en: 'image or video' },
  audio: { zh: '音频', en: 'audio file' },
  onlineCategory: { zh: '线上分类', en: 'online category' },
  recipeCategory: { zh: '菜谱分类', en: 'recipe category' },
  recipeTag: { zh: '标签', en: 'tag' },
  unit: { zh: '单位', en: 'unit' },
  accessory: { zh: '配件', en: 'accessory' },
  model: { zh: '型号', en: 'model' },
  device: { zh: '设备', en: 'device' },
};

/** One value a write names, and the field the caller sees it under (`recipeIds.3`). */
export interface Reference {
  field: string;
  kind: ReferenceKind;
  value: string | null | undefined;
}

/** References for each element of a list field: `field.0`, `field.1`, … */
export function eachReference(field: string, kind: ReferenceKind, values: readonly string[]): Reference[] {
  return values.map((value, i) => ({ field: `${field}.${i}`, kind, value }));
}

/**
 * Refuses a write that names a record the caller's brand does not have (another brand's, or none at all): 400
 * `reference_missing` naming the first wrong field in `desc`, and every wrong field in `data.fieldErrors`. Ids
 * are checked for shape by the contracts schemas first, so every lookup here is by a well-formed key. Pass the
 * transaction's client when the write runs in one, so the check and the write see the same rows.
 */
export async function checkBrandReferences(
  db: pg.Pool | pg.PoolClient,
  brand: string,
  references: Reference[],
  lang: UiLang,
): Promise<void> {
  const named = references.filter((r): r is Reference & { value: string } => !!r.value);
  const kinds = [...new Set(named.map((r) => r.kind))];
  const found = new Map<ReferenceKind, Set<string>>();
  await Promise.all(
    kinds.map(async (kind) => {
      const values = named.filter((r) => r.kind === kind).map((r) => r.value);
      found.set(kind, await ownedAmong(db, brand, kind, values));
    }),
  );
  const missing = named.filter((r) => !found.get(r.kind)?.has(r.value));
  if (missing.length === 0) return;
  const message = (r: Reference) =>
    translate('reference_missing', lang, { field: r.field, kind: KIND_NAMES[r.kind][lang] }) ??
    'reference_missing';
  const fieldErrors: Record<string, string> = {};
  for (const r of missing) fieldErrors[r.field] ??= message(r);
  const first = missing[0]!;
  throw new AppError(
    400,
    'reference_missing',
    { field: first.field, kind: KIND_NAMES[first.kind][lang] },
    { fieldErrors },
  );
}
