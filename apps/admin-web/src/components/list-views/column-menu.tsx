import { Button, Checkbox, Menu, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The list toolbar's column chooser: which of the list's columns show (at least one stays). */
export function ColumnMenu({
  columns,
  hidden,
  onChange,
}: {
  columns: { accessor: string; title: ReactNode }[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  const shown = columns.filter((c) => !hidden.includes(c.accessor)).length;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" closeOnItemClick={false}>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconColumns size={14} />}
          data-testid="list-columns"
        >
          {t('listViews.columns')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="list-columns-menu">
        <Menu.Label>{t('listViews.columnsTitle')}</Menu.Label>
        <Stack gap={6} px="sm" pb="xs">
          {columns.map((c) => {
            const visible = !hidden.includes(c.accessor);
            return (
              <Checkbox
                key={c.accessor}
                size="xs"
                label={c.title}
                checked={visible}
                disabled={visible && shown === 1}
                onChange={() =>
                  onChange(visible ? [...hidden, c.accessor] : hidden.filter((a) => a !== c.accessor))
                }
                data-testid={`column-toggle-${c.accessor}`}
              />
            );
          })}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
