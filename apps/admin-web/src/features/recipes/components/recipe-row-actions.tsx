import { useNavigate } from '@tanstack/react-router';
import { confirmAction, type ConfirmKind } from '../../../components/confirm.js';
import { RowActionButtons } from '../../../components/row-action-buttons.js';
import { notifyError } from '../../../lib/notify.js';
import { runRecipeBatch, runRecipeCommand } from '../api/recipe-commands.js';
import type { RecipeBatchRoute } from '../rules/recipe-actions.js';
import type { RecipeListItem } from '../api/recipe-list.js';
import { RECIPE_ROW_PERMISSIONS, rowActionsOf, type RecipeRowAction } from '../rules/recipe-actions.js';

const COMMANDS: Partial<Record<RecipeRowAction, { route: RecipeBatchRoute; confirm: ConfirmKind }>> = {
  submit: { route: 'batchSubmit', confirm: 'submitAudit' },
  release: { route: 'batchRelease', confirm: 'releaseOnline' },
  recallEditing: { route: 'batchRecallEditing', confirm: 'undo' },
  recallWaitRelease: { route: 'batchRecallWaitRelease', confirm: 'undo' },
  delete: { route: 'batchDelete', confirm: 'delete' },
};

const LABELS = {
  edit: 'common.edit',
  detail: 'common.detail',
  copy: 'recipes.actions.copy',
  submit: 'recipes.actions.submit',
  release: 'recipes.actions.release',
  recallEditing: 'recipes.actions.recallEditing',
  recallWaitRelease: 'recipes.actions.recallWaitRelease',
  delete: 'common.delete',
} as const satisfies Record<RecipeRowAction, string>;

/** A recipe row's own buttons: the actions its state allows (the decider's transition table) and the role may do. */
export function RecipeRowActions({ recipe, onChanged }: { recipe: RecipeListItem; onChanged: () => void }) {
  const navigate = useNavigate();
  const act = async (action: RecipeRowAction) => {
    if (action === 'edit') return void navigate({ to: '/recipe-edit', search: { id: recipe.id } });
    if (action === 'detail') return void navigate({ to: '/recipe-detail', search: { id: recipe.id } });
    if (action === 'copy') {
      if (!(await confirmAction('copy'))) return;
      await runRecipeCommand('copy', { id: recipe.id }).then(onChanged, () => undefined);
      return;
    }
    const command = COMMANDS[action];
    if (!command || !(await confirmAction(command.confirm))) return;
    try {
      const outcome = await runRecipeBatch(command.route, [recipe.id]);
      // A refusal of the one recipe comes back as its translated reason.
      for (const failure of outcome.failed) notifyError(failure.reason);
      onChanged();
    } catch {
      // The API client has shown the failure.
    }
  };
  return (
    <RowActionButtons
      actions={rowActionsOf(recipe.status)}
      labels={LABELS}
      permissions={RECIPE_ROW_PERMISSIONS}
      onAction={(action) => void act(action)}
      wrap="nowrap"
    />
  );
}
