import { Checkbox, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarMenu } from './toolbar-menu.js';

/** The list toolbar's column chooser: which of the list's columns show (at least one stays). */
export const ColumnMenu = memo(function ColumnMenu({
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
    <ToolbarMenu
      icon={<IconColumns size={14} />}
      label={t('listViews.columns')}
      title={t('listViews.columnsTitle')}
      testId="list-columns"
      menu={{ closeOnItemClick: false }}
    >
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
    </ToolbarMenu>
  );
});
