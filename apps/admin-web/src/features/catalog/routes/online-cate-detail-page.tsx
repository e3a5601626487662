import { Button, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DetailView } from '../../../components/detail-view.js';
import { onlineCategoryQuery } from '../api/online-categories.js';
import { useBrandLanguages } from '../../../components/reference/brand-languages.js';
import { RecipeCell } from '../../../components/reference/recipe-cells.js';
import { fileUrl } from '../../../components/reference/record-image.js';
import { RecordState } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';
import { TableHead } from '../../../components/record-columns.js';

/** §2 /online-cate/detail?id=…: one online category, its names, picture and its recipes in order. */
export function OnlineCateDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const languages = useBrandLanguages() ?? [];
  const detail = useQuery({ ...onlineCategoryQuery(id ?? ''), enabled: !!id });
  return (
    <RecordState id={id} query={detail}>
      {(category) => {
        const extraLangs = Object.keys(category.names).filter(
          (l) => !languages.some((b) => b.langCode === l),
        );
        return (
          <Stack gap="md">
            <DetailView
              items={[
                ...languages.map((lang) => ({
                  label: t('reference.fields.nameIn', { lang: lang.langName }),
                  value: category.names[lang.langCode],
                  testId: `detail-name-${lang.langCode}`,
                })),
                ...extraLangs.map((lang) => ({
                  label: t('reference.fields.nameIn', { lang }),
                  value: category.names[lang],
                })),
                { label: t('reference.fields.sort'), value: category.sort, testId: 'detail-sort' },
                {
                  label: t('catalog.fields.recipeCount'),
                  value: category.recipeCount,
                  testId: 'detail-count',
                },
                {
                  label: t('reference.fields.picture'),
                  wide: true,
                  value: category.pictureFileCode ? (
                    <Image src={fileUrl(category.pictureFileCode)} alt={category.name} w={160} radius="sm" />
                  ) : null,
                },
              ]}
            />
            <Paper withBorder p="lg" radius="md">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={5}>{t('catalog.online.recipeList')}</Title>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconListDetails size={14} />}
                    onClick={() => void navigate({ to: '/online-cate/recipeList', search: { id } })}
                    data-testid="open-recipes"
                  >
                    {t('catalog.online.recipes')}
                  </Button>
                </Group>
                {category.recipes.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="no-recipes">
                    {t('catalog.online.noRecipes')}
                  </Text>
                ) : (
                  <Table striped verticalSpacing="xs">
                    <TableHead
                      columns={[
                        { title: t('reference.recipes.position'), w: 80 },
                        t('reference.fields.number'),
                        t('reference.fields.name'),
                        t('reference.recipes.status'),
                      ]}
                    />
                    <Table.Tbody>
                      {category.recipes.map((r, i) => (
                        <Table.Tr key={r.recipeId}>
                          <Table.Td>{i + 1}</Table.Td>
                          <Table.Td>
                            <RecipeCell id={r.recipeId} field="number" />
                          </Table.Td>
                          <Table.Td>
                            <RecipeCell id={r.recipeId} field="name" />
                          </Table.Td>
                          <Table.Td>
                            <RecipeCell id={r.recipeId} field="status" />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            </Paper>
          </Stack>
        );
      }}
    </RecordState>
  );
}
