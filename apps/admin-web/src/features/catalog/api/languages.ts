import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { LANGUAGES_KEY } from '../../../lib/lookups.js';

/** `POST /api/sysSupportLang/save`: the brand's languages and its main one. Every form then offers these. */
export function useSaveLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { langs: string[]; mainLang: string }) =>
      call.post('/sysSupportLang/save', choice, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LANGUAGES_KEY }),
  });
}
