import { ActionIcon, Avatar, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconChevronDown,
  IconKey,
  IconLogout,
  IconMaximize,
  IconMinimize,
  IconUser,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ColorSchemeMenu } from '../../components/color-scheme-menu.js';
import { LanguageMenu } from '../../components/language-menu.js';
import { logout } from '../../lib/session-control.js';
import { useStoredUser } from '../../lib/use-stored-user.js';
import classes from './layout.module.css';

function LogoutBody() {
  const { t } = useTranslation();
  return <Text size="sm">{t('layout.logoutBody')}</Text>;
}

/** `collapsed`: the menu is folded (a rail on a wide screen, a closed drawer on a narrow one). */
export function HeaderBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const user = useStoredUser();
  const { fullscreen, toggle } = useFullscreenDocument();

  const askLogout = () =>
    modals.openConfirmModal({
      title: t('layout.logoutTitle'),
      children: <LogoutBody />,
      labels: { confirm: t('layout.logout'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-ok' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => void logout('loggedOut'),
    });

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Tooltip label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}>
          <Burger
            opened={!collapsed}
            onClick={onToggle}
            size="sm"
            aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
            data-testid="sidebar-toggle"
          />
        </Tooltip>
        <Text fw={700} size="lg" className={classes.brandName} lineClamp={1}>
          {user?.brandName ?? t('layout.appName')}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageMenu />
        <ColorSchemeMenu />
        <Tooltip label={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => void toggle()}
            aria-label={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}
            data-testid="fullscreen"
          >
            {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton
              aria-label={`${t('layout.userMenu')} · ${user?.name ?? user?.account ?? ''}`}
              data-testid="user-menu"
            >
              <Group gap={6} wrap="nowrap">
                {/* A person icon, not the name's initial: a letter beside the name would be visible text the
                    button's name does not start with, and a speech-input user saying what they see would miss it. */}
                <Avatar size="sm" color="red" radius="xl" aria-hidden>
                  <IconUser size={16} />
                </Avatar>
                <Text size="sm" fw={500} visibleFrom="sm">
                  {user?.name ?? user?.account}
                </Text>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/personage-detail" leftSection={<IconUser size={16} />}>
              {t('layout.personalCentre')}
            </Menu.Item>
            <Menu.Item component={Link} to="/password-edit" leftSection={<IconKey size={16} />}>
              {t('layout.changePassword')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={askLogout}
              data-testid="logout"
            >
              {t('layout.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
