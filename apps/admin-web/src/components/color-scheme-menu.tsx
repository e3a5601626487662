import { COLOR_SCHEMES, type ColorSchemeChoice } from '@kb/contracts';
import { ActionIcon, Menu, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { preferencesQuery, useSaveColorScheme } from '../lib/color-scheme.js';

const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

/**
 * Light, dark or the operating system's choice. The choice shows at once (this browser remembers it) and is kept
 * with the user on the server; a choice made in another browser is taken over when the console opens.
 */
export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const saved = useQuery(preferencesQuery);
  const save = useSaveColorScheme();
  const fromServer = saved.data?.colorScheme;
  useEffect(() => {
    if (fromServer) setColorScheme(fromServer);
    // Only the server's answer moves the scheme here; the user's own choice goes through `choose`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromServer]);

  const choose = (choice: ColorSchemeChoice) => {
    setColorScheme(choice);
    save.mutate(choice);
  };
  const Icon = ICONS[colorScheme];
  const label = `${t('layout.colorScheme')} · ${t(`layout.colorSchemes.${colorScheme}`)}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            data-testid="color-scheme-menu"
          >
            <Icon size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {COLOR_SCHEMES.map((choice) => {
          const ItemIcon = ICONS[choice];
          return (
            <Menu.Item
              key={choice}
              data-testid={`color-scheme-${choice}`}
              leftSection={<ItemIcon size={16} />}
              rightSection={choice === colorScheme ? <IconCheck size={14} /> : null}
              onClick={() => choose(choice)}
            >
              {t(`layout.colorSchemes.${choice}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
