/** The shape every language must have: the same keys as the Chinese catalog, with strings at the leaves. */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };

export type CatalogTree = { [key: string]: string | CatalogTree };

/** Every dotted key of a catalog, e.g. `auth.login.title`. */
export function catalogKeys(tree: CatalogTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : catalogKeys(value, `${prefix}${key}.`),
  );
}

export interface CatalogDifference {
  /** Keys the first language has and the second lacks. */
  missingInSecond: string[];
  missingInFirst: string[];
  /** Keys whose `{{placeholders}}` differ between the two languages. */
  placeholderMismatch: string[];
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

function lookup(tree: CatalogTree, key: string): string | undefined {
  let node: string | CatalogTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function compareCatalogs(first: CatalogTree, second: CatalogTree): CatalogDifference {
  const a = new Set(catalogKeys(first));
  const b = new Set(catalogKeys(second));
  const shared = [...a].filter((k) => b.has(k));
  return {
    missingInSecond: [...a].filter((k) => !b.has(k)),
    missingInFirst: [...b].filter((k) => !a.has(k)),
    placeholderMismatch: shared.filter(
      (k) => placeholders(lookup(first, k) ?? '').join() !== placeholders(lookup(second, k) ?? '').join(),
    ),
  };
}
