import type { RecipeImportCheck, RecipeImportMapping } from '@kb/contracts';
import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitChoicesQuery, useBrandModelOptions } from '../../../lib/lookups.js';
import { accessoriesQuery, tagsQuery } from '../api/recipe-editor.js';
import { useCategoryOptions } from '../api/recipe-list.js';

/** The kinds of reference the mapping step maps, in the order it asks. */
const KINDS = ['categories', 'tags', 'accessories', 'units', 'models'] as const;
type Kind = (typeof KINDS)[number];

/** Whether an archive names anything the brand lacks: then the mapping step comes before the import runs. */
export function needsMapping(check: RecipeImportCheck): boolean {
  return [...KINDS, 'langs' as const].some((kind) => check[kind].length > 0);
}

/**
 * The import's mapping step: each category, tag, accessory, unit and model the zip names that the brand lacks, with
 * the brand's own to map it to. One left unmapped refuses the recipes naming it (the report says which); languages
 * the brand has not enabled are named, as their recipes will be refused.
 */
export function ImportMapping({
  check,
  onStart,
}: {
  check: RecipeImportCheck;
  onStart: (mapping: RecipeImportMapping) => void;
}) {
  const { t, i18n } = useTranslation();
  const named = (rows: { id: string; name: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: r.id, label: r.name }));
  const options: Record<Kind, { value: string; label: string }[]> = {
    categories: useCategoryOptions(),
    tags: named(useQuery(tagsQuery(i18n.language)).data),
    accessories: named(useQuery(accessoriesQuery).data),
    units: named(useQuery(unitChoicesQuery).data),
    models: useBrandModelOptions(),
  };
  const [mapping, setMapping] = useState<RecipeImportMapping>({
    categories: {},
    tags: {},
    accessories: {},
    units: {},
    models: {},
  });
  const choose = (kind: Kind, from: string, to: string | null) =>
    setMapping((m) => {
      const next = { ...m[kind] };
      if (to) next[from] = to;
      else delete next[from];
      return { ...m, [kind]: next };
    });
  return (
    <Stack gap="sm" data-testid="import-mapping">
      <Alert color="yellow">{t('recipes.importMapping.hint')}</Alert>
      <Table>
        <Table.Tbody>
          {KINDS.flatMap((kind) =>
            check[kind].map((from) => (
              <Table.Tr key={`${kind}:${from}`} data-testid="import-mapping-row">
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {t(`recipes.importMapping.${kind}`)}
                  </Text>
                  <Text size="sm">{from}</Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`${t(`recipes.importMapping.${kind}`)} ${from}`}
                    data={options[kind]}
                    value={mapping[kind][from] ?? null}
                    onChange={(to) => choose(kind, from, to)}
                    placeholder={t('recipes.importMapping.unmapped')}
                    clearable
                    searchable
                    data-testid={`map-${kind}-${from}`}
                  />
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
      {check.langs.length > 0 && (
        <Alert color="red" data-testid="import-mapping-langs">
          {t('recipes.importMapping.langs', { langs: check.langs.join(', ') })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => onStart(mapping)} data-testid="import-mapping-start">
          {t('recipes.importMapping.start')}
        </Button>
      </Group>
    </Stack>
  );
}
