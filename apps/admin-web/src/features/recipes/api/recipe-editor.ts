import type { RecipeCommandAnswer, StaffPostInput, WorkModeDefinition } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { RECIPES_KEY } from './recipe-list.js';

/** The reference lists the editor's pickers need (each a reference load: failure only logged). */
const reference = <T>(key: string, load: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: [...RECIPES_KEY, 'ref', key],
    queryFn: ({ signal }) => load(signal),
    staleTime: 60_000,
  });

export const accessoriesQuery = reference('accessories', (signal) =>
  call.get('/accessory/listAll', {}, { kind: 'reference', signal }),
);

export const tagsQuery = (lang: string) =>
  reference(`tags-${lang}`, (signal) =>
    call.get('/common/loadTagsByLang', { lang }, { kind: 'reference', signal }),
  );

export interface WorkModeOption extends WorkModeDefinition {
  name: string;
  notes?: string;
}

export const workModesQuery = (uiLang: string) =>
  reference(`modes-${uiLang}`, (signal) =>
    call
      .form('/cofarSdk/allDevModes', new URLSearchParams(), {
        kind: 'reference',
        successMessage: false,
        signal,
      })
      // Each mode carries the catalogue's definition beside its name (the answer's open fields).
      .then((answer) => answer.workModes as unknown as WorkModeOption[]),
  );

export type SaveAnswer = RecipeCommandAnswer;

/** The editor's save: create (no id) or save the content over the revision it loaded (409 when it changed). */
export function saveRecipe(body: StaffPostInput<'/recipe/save'>) {
  return call.post('/recipe/save', body, { quiet: true });
}

/** Save and submit in one step. */
export function submitRecipe(body: StaffPostInput<'/recipe/submit'>) {
  return call.post('/recipe/submit', body, { quiet: true });
}
