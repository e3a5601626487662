import type { RecipeImportCheck, RecipeImportLangChoice, RecipeImportMapping } from '@kb/contracts';
import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitChoicesQuery, useBrandModelOptions, useSystemLanguages } from '../../../lib/lookups.js';
import { useCan } from '../../../lib/use-can.js';
import { accessoriesQuery, tagsQuery } from '../api/recipe-editor.js';
import { useCategoryOptions } from '../api/recipe-list.js';

/** The kinds of reference the mapping step maps, in the order it asks. */
const KINDS = ['categories', 'tags', 'accessories', 'units', 'models'] as const;
type Kind = (typeof KINDS)[number];
/** The kinds a missing one of which can be created in the brand from the zip's names. */
type Creatable = keyof RecipeImportCheck['creatable'];
/** The choice "create it in this brand" among a reference's targets. */
const CREATE = '\u0000create';

/** Whether an archive names anything the brand lacks: then the mapping step comes before the import runs. */
export function needsMapping(check: RecipeImportCheck): boolean {
  return [...KINDS, 'langs' as const].some((kind) => check[kind].length > 0);
}

/**
 * The import's mapping step: each category, tag, accessory, unit and model the zip names that the brand lacks, with
 * the brand's own to map it to or (categories, tags, units named in the zip) "create it"; each language the brand
 * has not enabled, to enable for the brand or to drop the texts of. Anything left unchosen refuses the recipes
 * that need it (the report says which); the report lists every choice made.
 */
export function ImportMapping({
  check,
  onStart,
}: {
  check: RecipeImportCheck;
  onStart: (mapping: RecipeImportMapping) => void;
}) {
  const { t, i18n } = useTranslation();
  const mayEnable = useCan('language.edit');
  const languages = useSystemLanguages().data ?? [];
  const languageName = (code: string) => languages.find((l) => l.langCode === code)?.langName ?? code;
  const named = (rows: { id: string; name: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: r.id, label: r.name }));
  const options: Record<Kind, { value: string; label: string }[]> = {
    categories: useCategoryOptions(),
    tags: named(useQuery(tagsQuery(i18n.language)).data),
    accessories: named(useQuery(accessoriesQuery).data),
    units: named(useQuery(unitChoicesQuery).data),
    models: useBrandModelOptions(),
  };
  const creatable = (kind: Kind, from: string) =>
    kind in check.creatable && check.creatable[kind as Creatable].includes(from);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [langs, setLangs] = useState<Record<string, RecipeImportLangChoice>>({});
  const choose = (kind: Kind, from: string, to: string | null) =>
    setChosen((m) => {
      const next = { ...m };
      if (to) next[`${kind}:${from}`] = to;
      else delete next[`${kind}:${from}`];
      return next;
    });
  const start = () => {
    const mapping: RecipeImportMapping = {
      categories: {},
      tags: {},
      accessories: {},
      units: {},
      models: {},
      langs,
      create: { categories: [], tags: [], units: [] },
    };
    for (const kind of KINDS)
      for (const from of check[kind]) {
        const to = chosen[`${kind}:${from}`];
        if (to === CREATE) mapping.create[kind as Creatable].push(from);
        else if (to) mapping[kind][from] = to;
      }
    onStart(mapping);
  };
  return (
    <Stack gap="sm" data-testid="import-mapping">
      <Alert color="yellow">{t('recipes.importMapping.hint')}</Alert>
      <Table>
        <Table.Tbody>
          {check.langs.map((lang) => (
            <Table.Tr key={`langs:${lang}`} data-testid="import-mapping-row">
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {t('recipes.importMapping.language')}
                </Text>
                <Text size="sm">{languageName(lang)}</Text>
                {(check.mainOf[lang] ?? 0) > 0 && (
                  <Text size="xs" c="dimmed" data-testid={`main-of-${lang}`}>
                    {t('recipes.importMapping.mainOf', { count: check.mainOf[lang] ?? 0 })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`${t('recipes.importMapping.language')} ${languageName(lang)}`}
                  data={[
                    { value: 'enable', label: t('recipes.importMapping.enable'), disabled: !mayEnable },
                    { value: 'drop', label: t('recipes.importMapping.drop') },
                  ]}
                  value={langs[lang] ?? null}
                  onChange={(choice) =>
                    setLangs((m) => {
                      const next = { ...m };
                      if (choice) next[lang] = choice as RecipeImportLangChoice;
                      else delete next[lang];
                      return next;
                    })
                  }
                  placeholder={t('recipes.importMapping.langUnchosen')}
                  clearable
                  data-testid={`map-langs-${lang}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
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
                    data={[
                      ...(creatable(kind, from)
                        ? [{ value: CREATE, label: t('recipes.importMapping.create') }]
                        : []),
                      ...options[kind],
                    ]}
                    value={chosen[`${kind}:${from}`] ?? null}
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
        <Alert color="blue" data-testid="import-mapping-langs">
          {t('recipes.importMapping.langRule')}
          {!mayEnable && ` ${t('recipes.importMapping.enableAdminOnly')}`}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={start} data-testid="import-mapping-start">
          {t('recipes.importMapping.start')}
        </Button>
      </Group>
    </Stack>
  );
}
