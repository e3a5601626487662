import { ActionIcon, Button, Group, Input, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecipeCell } from '../../../components/reference/recipe-cells.js';
import { RecipePicker } from '../../../components/reference/recipe-picker.js';
import { translateError } from '../../../lib/translate.js';

/**
 * The recipes a record links, chosen in its form: released recipes of the brand, in the order chosen (the
 * field holds their ids, like the body's `recipeIds`).
 */
export function RecipeLinksField<V>({ form, required }: { form: UseFormReturnType<V>; required?: boolean }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const ids = (form.getValues() as { recipeIds: string[] }).recipeIds;
  const error = (form.errors as Record<string, unknown>).recipeIds;
  const set = (next: string[]) => {
    form.setFieldValue('recipeIds' as never, next as never);
    form.clearFieldError('recipeIds');
  };
  return (
    <Input.Wrapper
      label={t('content.fields.recipes')}
      description={t('content.recipesHint')}
      required={required}
      error={error ? translateError(error as string) : undefined}
      data-testid="field-recipeIds"
    >
      <Stack gap="xs" mt={6}>
        {ids.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('content.noRecipes')}
          </Text>
        ) : (
          <Table withTableBorder>
            <Table.Tbody>
              {ids.map((id) => (
                <Table.Tr key={id} data-testid="linked-recipe">
                  <Table.Td>
                    <RecipeCell id={id} field="number" />
                  </Table.Td>
                  <Table.Td>
                    <RecipeCell id={id} field="name" />
                  </Table.Td>
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('reference.recipes.removeRecipes')}
                      onClick={() => set(ids.filter((r) => r !== id))}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setPicking(true)}
            data-testid="choose-recipes"
          >
            {t('content.chooseRecipes')}
          </Button>
        </Group>
      </Stack>
      <RecipePicker
        opened={picking}
        onClose={() => setPicking(false)}
        already={new Set(ids)}
        status="released"
        onAdd={async (recipeIds) => set([...ids, ...recipeIds])}
      />
    </Input.Wrapper>
  );
}
