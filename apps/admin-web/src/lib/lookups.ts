import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from './call.js';

/**
 * The reference lists many screens pick from — the brand's languages, models, sub-brands, ingredient units and
 * recipes — each loaded under one query key, so two screens showing the same list share one load and one change
 * refreshes both. Reference loads: a failure is only logged, and the pickers say what is missing.
 */
export const LOOKUPS_KEY = ['lookups'] as const;
export const LANGUAGES_KEY = [...LOOKUPS_KEY, 'languages'] as const;

/**
 * `GET /api/sysSupportLang/list`: every system language, named in the UI language, with whether the brand
 * supports it and which is its main one (main first).
 */
export function languagesQuery(uiLang: string) {
  return queryOptions({
    queryKey: [...LANGUAGES_KEY, uiLang],
    queryFn: ({ signal }) => call.get('/sysSupportLang/list', {}, { signal }),
    // On a UI-language switch the open forms stay as they are while the names arrive in the new language.
    placeholderData: keepPreviousData,
  });
}

export function useSystemLanguages() {
  const { i18n } = useTranslation();
  return useQuery(languagesQuery(i18n.language));
}

export interface BrandModel {
  productCode: string;
  productName: string;
  factoryModel: string;
}

/** Every model the brand sells (`/api/common/loadBrandOwnerProduct`). */
export const brandModelsQuery = queryOptions({
  queryKey: [...LOOKUPS_KEY, 'models'],
  queryFn: ({ signal }) => call.get('/common/loadBrandOwnerProduct', {}, { kind: 'reference', signal }),
  staleTime: 60_000,
});

export function useBrandModelOptions() {
  const { data } = useQuery(brandModelsQuery);
  return (data ?? []).map((m) => ({ value: m.productCode, label: `${m.productName} (${m.productCode})` }));
}

export interface SubBrand {
  subBrandCode: string;
  subBrandName: string;
}

/** The brand's sub-brands (`/api/common/loadSubBrand`). */
export const subBrandsQuery = queryOptions({
  queryKey: [...LOOKUPS_KEY, 'sub-brands'],
  queryFn: ({ signal }) => call.get('/common/loadSubBrand', {}, { kind: 'reference', signal }),
  staleTime: 60_000,
});

export function useSubBrandOptions() {
  const { data } = useQuery(subBrandsQuery);
  return (data ?? []).map((s) => ({ value: s.subBrandCode, label: `${s.subBrandName} (${s.subBrandCode})` }));
}

/** The models one sub-brand sells, under its customer model names (`/api/common/loadSubBrandProduct`). */
export const subBrandModelsQuery = (subBrandCode: string) =>
  queryOptions({
    queryKey: [...LOOKUPS_KEY, 'sub-brand-models', subBrandCode],
    queryFn: ({ signal }) =>
      call.get('/common/loadSubBrandProduct', { subBrandCode }, { kind: 'reference', signal }),
    staleTime: 60_000,
    enabled: subBrandCode !== '',
  });

/** The models of one sub-brand (none before one is chosen). */
export function useSubBrandModelOptions(subBrandCode: string | null) {
  const { data } = useQuery(subBrandModelsQuery(subBrandCode ?? ''));
  return (subBrandCode ? (data ?? []) : []).map((m) => ({
    value: m.productCode,
    label: `${m.customerModel || m.productName} (${m.productCode})`,
  }));
}

export interface ProductTreeNode {
  value: string;
  label: string;
  children?: ProductTreeNode[];
}

/** Brand → sub-brands → their models with customer model names (`/api/common/loadBrandProductTree`). */
export const productTreeQuery = queryOptions({
  queryKey: [...LOOKUPS_KEY, 'product-tree'],
  queryFn: ({ signal }) => call.get('/common/loadBrandProductTree', {}, { kind: 'reference', signal }),
  staleTime: 60_000,
});

/** The brand's ingredient units, whole (`/api/boUnit/list` with `onPage=false`). */
export const unitChoicesQuery = queryOptions({
  queryKey: [...LOOKUPS_KEY, 'units'],
  queryFn: ({ signal }) =>
    call.form('/boUnit/list', new URLSearchParams({ onPage: 'false' }), { kind: 'reference', signal }),
  staleTime: 60_000,
});

/** What pickers and linked-recipe lists show of a recipe (a row of `GET /api/recipe/list`). */
export interface RecipeSummary {
  id: string;
  number: string;
  name: string;
  status: string;
}

export interface RecipeChoiceQuery {
  name: string;
  pageNum: number;
  pageSize: number;
  /** Only recipes in this status (e.g. `released` for what the app may show). */
  status?: string;
}

/** One page of the recipe library for a picker. */
export const recipeChoicesQuery = (query: RecipeChoiceQuery) =>
  queryOptions({
    queryKey: [...LOOKUPS_KEY, 'recipes', query],
    queryFn: ({ signal }) =>
      call.get(
        '/recipe/list',
        {
          pageNum: query.pageNum,
          pageSize: query.pageSize,
          name: query.name.trim() || undefined,
          status: query.status,
        },
        { kind: 'reference', signal },
      ),
    retry: false,
  });

/** One recipe by id (`GET /api/recipe/detail`), to name the recipes a record links. */
export const recipeSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: [...LOOKUPS_KEY, 'recipe', id],
    queryFn: ({ signal }) => call.get('/recipe/detail', { id }, { kind: 'reference', signal }),
    retry: false,
  });

export interface Country {
  countryCode: string;
  countryName: string;
}

export interface Area {
  areaCode: string;
  countryCode: string;
  areaName: string;
}

/** Countries and their provinces or states (`/api/common/loadCountry`, `/api/common/loadArea`), named in the UI language. */
export const countriesQuery = (uiLang: string) =>
  queryOptions({
    queryKey: [...LOOKUPS_KEY, 'countries', uiLang],
    queryFn: ({ signal }) => call.get('/common/loadCountry', {}, { kind: 'reference', signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const areasQuery = (uiLang: string) =>
  queryOptions({
    queryKey: [...LOOKUPS_KEY, 'areas', uiLang],
    queryFn: ({ signal }) => call.get('/common/loadArea', {}, { kind: 'reference', signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
