import { Kbd, Modal, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing into a field, a `/` or a `?` is text, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search field of the list on screen: the first text field of its filter bar. Pages of other tabs stay
 * mounted but hidden, so only a visible field counts.
 */
function visibleListSearch(): HTMLInputElement | undefined {
  const fields = document.querySelectorAll<HTMLInputElement>('main input[data-testid^="filter-"]');
  return [...fields].find((f) => f.type !== 'hidden' && !f.disabled && f.checkVisibility());
}

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

const SHORTCUTS = [
  { keys: [MOD, 'K'], label: 'layout.shortcutList.palette' },
  { keys: ['/'], label: 'layout.shortcutList.search' },
  { keys: ['Esc'], label: 'layout.shortcutList.escape' },
  { keys: ['?'], label: 'layout.shortcutList.help' },
] as const;

/**
 * The console's keys: Ctrl/⌘+K asks for the command palette (`onPalette`), `/` focuses the list's search, `?`
 * shows what the keys are (Esc closes any dialog).
 */
export function KeyboardShortcuts({ onPalette }: { onPalette: () => void }) {
  const { t } = useTranslation();
  const [helpOpen, help] = useDisclosure(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The palette opens from anywhere, a field too.
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        help.close();
        onPalette();
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (event.key === '/') {
        const search = visibleListSearch();
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      } else if (event.key === '?') {
        event.preventDefault();
        help.open();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [help, onPalette]);

  return (
    <Modal opened={helpOpen} onClose={help.close} title={t('layout.shortcuts')} data-testid="shortcut-help">
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.label}>
              <Table.Td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' + '}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(s.label)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
