import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager.js';
import { pickableRecipesQuery, type PickableRecipe } from '../api/offline-pack-references.js';

/** How the form shows a chosen recipe: its number and its names. */
export interface ChosenRecipe {
  id: string;
  number: string | null;
  names: Record<string, string>;
}

export function recipeName(recipe: Pick<ChosenRecipe, 'names'>, lang: string): string {
  return recipe.names[lang] ?? recipe.names.zh ?? Object.values(recipe.names)[0] ?? '';
}

/**
 * Picks recipes for a pack: the brand's released recipes compatible with the factory model, searched by number
 * prefix and name, ten a page, with how many there are and how many are chosen. Choices on every page are kept.
 */
export function RecipePicker({
  opened,
  onClose,
  productCode,
  modelLabel,
  chosen,
  onChange,
}: {
  opened: boolean;
  onClose: () => void;
  productCode: string;
  modelLabel: string;
  chosen: ChosenRecipe[];
  onChange: (chosen: ChosenRecipe[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState({ number: '', name: '' });
  const [search, setSearch] = useState(draft);
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({
    ...pickableRecipesQuery(productCode, search, pageNum),
    enabled: opened && productCode !== '',
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.list ?? [];
  const chosenIds = new Set(chosen.map((c) => c.id));
  const toChosen = (r: PickableRecipe): ChosenRecipe => ({ id: r.id, number: r.number, names: r.names });

  const select = (selected: PickableRecipe[]) => {
    const onPage = new Set(rows.map((r) => r.id));
    const keep = chosen.filter((c) => !onPage.has(c.id) || selected.some((s) => s.id === c.id));
    const added = selected.filter((s) => !chosenIds.has(s.id)).map(toChosen);
    onChange([...keep, ...added]);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t('offlinePacks.picker.title', { model: modelLabel })}
      data-testid="recipe-picker"
    >
      <Stack gap="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(draft);
            setPageNum(1);
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('offlinePacks.picker.number')}
              value={draft.number}
              onChange={(e) => setDraft({ ...draft, number: e.currentTarget.value })}
              data-testid="picker-number"
            />
            <TextInput
              label={t('offlinePacks.picker.name')}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              data-testid="picker-name"
            />
            <Button type="submit" leftSection={<IconSearch size={14} />} data-testid="picker-search">
              {t('offlinePacks.picker.search')}
            </Button>
          </Group>
        </form>
        <Text size="sm" c="dimmed" data-testid="picker-found">
          {t('offlinePacks.picker.found', { count: page.data?.total ?? 0 })}
        </Text>
        <DataTable<PickableRecipe>
          withTableBorder
          minHeight={160}
          records={rows}
          idAccessor="id"
          fetching={page.isFetching}
          noRecordsText={t('components.noRecords')}
          selectedRecords={rows.filter((r) => chosenIds.has(r.id))}
          onSelectedRecordsChange={select}
          columns={[
            { accessor: 'number', title: t('offlinePacks.picker.number') },
            {
              accessor: 'name',
              title: t('offlinePacks.picker.name'),
              render: (r) => <span data-testid="picker-row">{recipeName(r, i18n.language) || r.name}</span>,
            },
            { accessor: 'version', title: t('offlinePacks.picker.version') },
          ]}
        />
        <Pager
          total={page.data?.total ?? 0}
          pageNum={pageNum}
          pageSize={10}
          onChange={(next) => setPageNum(next)}
        />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="picker-done">
            {t('offlinePacks.picker.done', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
