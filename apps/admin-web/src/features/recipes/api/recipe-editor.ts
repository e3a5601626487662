import type { RecipeCommandAnswer, WorkModeDefinition } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { RECIPES_KEY } from './recipe-list.js';

/** The reference lists the editor's pickers need (each a reference load: failure only logged). */
const reference = <T>(key: string, load: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: [...RECIPES_KEY, 'ref', key],
    queryFn: ({ signal }) => load(signal),
    staleTime: 60_000,
  });

export const accessoriesQuery = reference('accessories', (signal) =>
  api<{ id: string; name: string }[]>('/accessory/listAll', { kind: 'reference', signal }),
);

export const tagsQuery = (lang: string) =>
  reference(`tags-${lang}`, (signal) =>
    api<{ id: string; name: string }[]>('/common/loadTagsByLang', {
      query: { lang },
      kind: 'reference',
      signal,
    }),
  );

export interface WorkModeOption extends WorkModeDefinition {
  name: string;
  notes?: string;
}

export const workModesQuery = (uiLang: string) =>
  reference(`modes-${uiLang}`, (signal) =>
    api<{ workModes: WorkModeOption[] }>('/cofarSdk/allDevModes', {
      form: new URLSearchParams(),
      kind: 'reference',
      successMessage: false,
      signal,
    }).then((answer) => answer.workModes),
  );

export type SaveAnswer = RecipeCommandAnswer;

/** The editor's save: create (no id) or save the content over the revision it loaded (409 when it changed). */
export function saveRecipe(body: Record<string, unknown>) {
  return api<SaveAnswer>('/recipe/save', { json: body, quiet: true });
}

/** Save and submit in one step. */
export function submitRecipe(body: { id: string; revision: number; content: Record<string, unknown> }) {
  return api<SaveAnswer>('/recipe/submit', { json: body, quiet: true });
}
