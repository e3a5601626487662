import { Button, Menu, type MenuProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list toolbar's button opening a menu under it (columns, saved views): the menu's test id is the button's with
 * `-menu`, and `title` heads it.
 */
export function ToolbarMenu({
  icon,
  label,
  title,
  testId,
  menu,
  children,
}: {
  icon: ReactNode;
  label: string;
  title: string;
  testId: string;
  menu?: Omit<MenuProps, 'children'>;
  children: ReactNode;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" {...menu}>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={icon} data-testid={testId}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-menu`}>
        <Menu.Label>{title}</Menu.Label>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
