import type { Permission } from '@kb/contracts';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../lib/use-can.js';
import { useCommandsApplying } from '../lib/use-commands-applying.js';

/**
 * A record's own buttons in a list row or a detail header: one small button per action its state allows, labelled
 * from `labels` (translation keys), delete (or those named in `danger`) in red; clicks do not reach the row (which opens the record). An
 * action named in `permissions` is offered only to a role that holds its permission. While a command's effect is on
 * its way to the screens the buttons are disabled: they are those of the record's state before it. Plain buttons in
 * the look of Mantine's compact subtle ones: a page of rows draws dozens, each a single element instead of a few
 * components (their styles: app/global.css).
 */
export function RowActionButtons<A extends string>({
  actions,
  labels,
  onAction,
  permissions = {},
  danger = ['delete'],
  wrap = 'wrap',
}: {
  actions: readonly A[];
  labels: Record<A, ParseKeys>;
  permissions?: Partial<Record<A, Permission>>;
  onAction: (action: A) => void;
  danger?: readonly string[];
  wrap?: 'wrap' | 'nowrap';
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const applying = useCommandsApplying();
  const offered = actions.filter((action) => {
    const permission = permissions[action];
    return !permission || can(permission);
  });
  return (
    <div
      className={wrap === 'nowrap' ? 'kb-row-actions kb-row-actions-nowrap' : 'kb-row-actions'}
      onClick={(e) => e.stopPropagation()}
    >
      {offered.map((action) => (
        <button
          key={action}
          type="button"
          className={danger.includes(action) ? 'kb-row-action kb-row-action-danger' : 'kb-row-action'}
          onClick={() => onAction(action)}
          disabled={applying}
          data-testid={`row-${action}`}
        >
          {String(t(labels[action]))}
        </button>
      ))}
    </div>
  );
}
