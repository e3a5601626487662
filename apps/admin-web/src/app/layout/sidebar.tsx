import { Menu, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../lib/use-can.js';
import type { MenuGroupKey } from '../../lib/screen.js';
import { MENU, menuGroupOf, menuPathFor } from '../menu.js';
import { screenFor } from '../screens.js';
import { GROUP_ICONS, ITEM_ICONS } from './menu-icons.js';
import classes from './layout.module.css';

function useTitle() {
  const { t } = useTranslation();
  return (path: string) => {
    const screen = screenFor(path);
    return screen ? t(`routes.${screen.title}`) : path;
  };
}

/** The §2 menu; collapsed, it shows icons whose groups open on hover. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const can = usePermissions();
  // A screen for some roles only (the staff accounts) is left out of the others' menu.
  const shown = (path: string) => {
    const permission = screenFor(path)?.permission;
    return !permission || can(permission);
  };
  const titleOf = useTitle();
  const pathname = useLocation({ select: (l) => l.pathname });
  const activePath = menuPathFor(pathname);
  const activeGroup = menuGroupOf(activePath);
  const [opened, setOpened] = useState<Set<MenuGroupKey>>(() => new Set(activeGroup ? [activeGroup] : []));
  const [lastActiveGroup, setLastActiveGroup] = useState(activeGroup);
  // Opening a screen of a closed group (from a tab or a link) opens the group.
  if (activeGroup !== lastActiveGroup) {
    setLastActiveGroup(activeGroup);
    if (activeGroup && !opened.has(activeGroup)) setOpened(new Set([...opened, activeGroup]));
  }
  const toggle = (key: MenuGroupKey, open: boolean) => {
    const next = new Set(opened);
    if (open) next.add(key);
    else next.delete(key);
    setOpened(next);
  };

  if (collapsed) {
    return (
      <ScrollArea type="never">
        <Stack gap={4} p={8} component="nav" aria-label={t('layout.mainMenu')}>
          {MENU.map((entry) => {
            if (entry.kind === 'item') {
              const Icon = ITEM_ICONS[entry.path] ?? IconPoint;
              return (
                <Tooltip key={entry.path} label={titleOf(entry.path)} position="right" withArrow>
                  <UnstyledButton
                    component={Link}
                    to={entry.path}
                    className={classes.railButton}
                    data-active={activePath === entry.path || undefined}
                    aria-label={titleOf(entry.path)}
                  >
                    <Icon size={20} />
                  </UnstyledButton>
                </Tooltip>
              );
            }
            const Icon = GROUP_ICONS[entry.key];
            return (
              <Menu key={entry.key} trigger="click-hover" position="right-start" offset={6} withinPortal>
                <Menu.Target>
                  <UnstyledButton
                    className={classes.railButton}
                    data-active={activeGroup === entry.key || undefined}
                    aria-label={t(`menu.${entry.key}`)}
                  >
                    <Icon size={20} />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t(`menu.${entry.key}`)}</Menu.Label>
                  {entry.items.filter(shown).map((path) => (
                    <Menu.Item
                      key={path}
                      component={Link}
                      to={path}
                      color={activePath === path ? 'red' : undefined}
                    >
                      {titleOf(path)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            );
          })}
        </Stack>
      </ScrollArea>
    );
  }

  return (
    <ScrollArea type="hover" className={classes.menuScroll}>
      <nav aria-label={t('layout.mainMenu')} data-testid="sidebar">
        {MENU.map((entry) => {
          if (entry.kind === 'item') {
            const Icon = ITEM_ICONS[entry.path] ?? IconPoint;
            return (
              <NavLink
                key={entry.path}
                component={Link}
                to={entry.path}
                label={titleOf(entry.path)}
                leftSection={<Icon size={18} />}
                active={activePath === entry.path}
                variant="light"
              />
            );
          }
          const Icon = GROUP_ICONS[entry.key];
          return (
            <NavLink
              key={entry.key}
              label={t(`menu.${entry.key}`)}
              leftSection={<Icon size={18} />}
              opened={opened.has(entry.key)}
              onChange={(open) => toggle(entry.key, open)}
              // A closed group's entries are drawn when it opens, not (hidden) with every page of the console.
              keepMounted={false}
              childrenOffset={30}
              data-testid={`menu-group-${entry.key}`}
            >
              {entry.items.filter(shown).map((path) => (
                <NavLink
                  key={path}
                  component={Link}
                  to={path}
                  label={titleOf(path)}
                  active={activePath === path}
                  variant="light"
                />
              ))}
            </NavLink>
          );
        })}
      </nav>
    </ScrollArea>
  );
}
