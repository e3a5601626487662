import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { brandModelsQuery, productTreeQuery } from '../../../lib/lookups.js';
import { OFFLINE_PACKS_KEY } from './offline-pack-read-position.js';

/** The models the brand sells, named by their factory model first (what a pack is built for). */
export function useFactoryModelOptions() {
  const { data } = useQuery(brandModelsQuery);
  return (data ?? []).map((m) => ({ value: m.productCode, label: `${m.factoryModel} · ${m.productName}` }));
}

/** The sub-brands: all of them (the list filter), or those selling `productCode` under their customer model. */
export function useCustomerModelOptions(productCode?: string | null) {
  const { data } = useQuery(productTreeQuery);
  const subBrands = data?.[0]?.children ?? [];
  return subBrands.flatMap((s) => {
    if (productCode === undefined) return [{ value: s.value, label: s.label }];
    const model = s.children?.find((m) => m.value === productCode);
    return model ? [{ value: s.value, label: `${s.label} · ${model.label}` }] : [];
  });
}

/** A released recipe the picker offers (a row of `/api/recipe/list`). */
export type { RecipeListItem as PickableRecipe } from '@kb/contracts';

/** Released recipes compatible with the factory model, by number prefix and name, one page at a time. */
export const pickableRecipesQuery = (
  productCode: string,
  search: { number: string; name: string },
  pageNum: number,
) =>
  queryOptions({
    queryKey: [...OFFLINE_PACKS_KEY, 'pickable', productCode, search, pageNum],
    queryFn: ({ signal }) =>
      call.get(
        '/recipe/list',
        {
          status: 'released',
          productCode,
          number: search.number.trim() || undefined,
          name: search.name.trim() || undefined,
          pageNum,
          pageSize: 10,
        },
        { signal },
      ),
    enabled: productCode !== '',
  });
