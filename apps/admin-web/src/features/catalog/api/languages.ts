import type { BrandLanguage } from '@kb/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.js';

const LANGUAGES_KEY = ['catalog', 'languages'] as const;

/**
 * `GET /api/sysSupportLang/list`: every system language, named in the UI language, with whether the brand
 * supports it and which is its main one (main first).
 */
export function languagesQuery(uiLang: string) {
  return queryOptions({
    queryKey: [...LANGUAGES_KEY, uiLang],
    queryFn: ({ signal }) => api<BrandLanguage[]>('/sysSupportLang/list', { signal }),
    // On a UI-language switch the open forms stay as they are while the names arrive in the new language.
    placeholderData: keepPreviousData,
  });
}

export function useSystemLanguages() {
  const { i18n } = useTranslation();
  return useQuery(languagesQuery(i18n.language));
}

/** `POST /api/sysSupportLang/save`: the brand's languages and its main one. Every form then offers these. */
export function useSaveLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { langs: string[]; mainLang: string }) =>
      api<{ codes: string[]; main: string }>('/sysSupportLang/save', { json: choice, quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LANGUAGES_KEY }),
  });
}
