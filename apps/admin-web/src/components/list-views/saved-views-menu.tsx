import type { ListName, SavedView, SavedViewState } from '@kb/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBookmark, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.js';
import { savedViewsQuery, useDeleteView, useSaveView } from './saved-views-api.js';
import { ToolbarMenu } from './toolbar-menu.js';

/**
 * The list toolbar's saved views: pick one (its filters, sort and columns apply at once), delete one's own (an
 * admin also a shared one), or save what the list shows now under a name, privately or shared with the brand.
 */
export const SavedViewsMenu = memo(function SavedViewsMenu({
  list,
  current,
  onApply,
}: {
  list: ListName;
  /** What the list shows now (saved as the view). */
  current: () => SavedViewState;
  onApply: (view: SavedView) => void;
}) {
  const { t } = useTranslation();
  const views = useQuery(savedViewsQuery(list)).data ?? [];
  const remove = useDeleteView();
  const [saving, setSaving] = useState(false);

  const askDelete = (view: SavedView) =>
    modals.openConfirmModal({
      title: t('listViews.deleteView', { name: view.name }),
      children: <Text size="sm">{t('listViews.deleteConfirm', { name: view.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-ok' },
      onConfirm: () => void remove.mutateAsync(view.id).catch(() => undefined),
    });

  return (
    <>
      <ToolbarMenu
        icon={<IconBookmark size={14} />}
        label={t('listViews.views')}
        title={t('listViews.viewsTitle')}
        testId="saved-views"
        menu={{ width: 280 }}
      >
        {views.length === 0 && (
          <Text size="xs" c="dimmed" px="sm" py={4}>
            {t('listViews.noViews')}
          </Text>
        )}
        {views.map((view) => (
          <Menu.Item
            key={view.id}
            onClick={() => onApply(view)}
            data-testid="saved-view"
            data-view-name={view.name}
            rightSection={
              view.deletable ? (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={t('listViews.deleteView', { name: view.name })}
                  data-testid="saved-view-delete"
                  onClick={(e) => {
                    e.stopPropagation();
                    askDelete(view);
                  }}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              ) : undefined
            }
          >
            <Group gap={6} wrap="nowrap">
              <Text size="sm" truncate>
                {view.name}
              </Text>
              {view.shared && (
                <Badge size="xs" variant="light">
                  {view.mine ? t('listViews.share') : t('listViews.sharedBy', { owner: view.owner })}
                </Badge>
              )}
            </Group>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconDeviceFloppy size={14} />}
          onClick={() => setSaving(true)}
          data-testid="saved-view-save"
        >
          {t('listViews.saveCurrent')}
        </Menu.Item>
      </ToolbarMenu>
      <Modal opened={saving} onClose={() => setSaving(false)} title={t('listViews.saveTitle')}>
        {saving && <SaveViewForm list={list} state={current()} onDone={() => setSaving(false)} />}
      </Modal>
    </>
  );
});

function SaveViewForm({
  list,
  state,
  onDone,
}: {
  list: ListName;
  state: SavedViewState;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { list, name, state, shared },
          {
            onSuccess: onDone,
            onError: (err) =>
              setError(err instanceof ApiError ? (err.fieldErrors.name ?? err.desc) : String(err.message)),
          },
        );
      }}
      data-testid="saved-view-form"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('listViews.saveHint')}
        </Text>
        <TextInput
          label={t('listViews.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={40}
          data-autofocus
          data-testid="saved-view-name"
        />
        <Checkbox
          label={t('listViews.share')}
          checked={shared}
          onChange={(e) => setShared(e.currentTarget.checked)}
          data-testid="saved-view-shared"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('listViews.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="saved-view-submit">
            {t('listViews.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
