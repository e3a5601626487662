import { Button, Group, Select, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const NONE = '__none__';

function CategoryPicker({
  options,
  onChoose,
}: {
  options: { value: string; label: string }[];
  onChoose: (categoryId: string | null) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(null);
  return (
    <Stack>
      <Select
        label={t('recipes.categoryDialog.label')}
        data={[{ value: NONE, label: t('recipes.categoryDialog.none') }, ...options]}
        value={value}
        onChange={setValue}
        comboboxProps={{ withinPortal: false }}
        data-testid="category-choice"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={value === null}
          onClick={() => onChoose(value === NONE ? null : value)}
          data-testid="category-ok"
        >
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Asks which category the selected recipes move to. Resolves the category id (null: none), or undefined when
 * the user cancels.
 */
export function chooseCategory(
  title: string,
  options: { value: string; label: string }[],
): Promise<string | null | undefined> {
  return new Promise((resolve) => {
    let chosen = false;
    const id = modals.open({
      title,
      onClose: () => {
        if (!chosen) resolve(undefined);
      },
      children: (
        <CategoryPicker
          options={options}
          onChoose={(categoryId) => {
            chosen = true;
            resolve(categoryId);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
