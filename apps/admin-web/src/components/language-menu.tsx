import { UI_LANGS, type UiLang } from '@kb/contracts';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../app/i18n/i18n.js';
import { isUiLang } from '../lib/language.js';

/** The language dropdown of the login page and the header: every text switches at once, and the choice is kept. */
export function LanguageMenu({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const { t, i18n } = useTranslation();
  const current: UiLang = isUiLang(i18n.language) ? i18n.language : 'zh';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={variant}
          color="gray"
          leftSection={<IconLanguage size={18} />}
          // The visible language is part of the name (what is seen is what a screen reader says).
          aria-label={`${t('layout.switchLanguage')} · ${t(`languages.${current}`)}`}
          data-testid="language-menu"
        >
          {t(`languages.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {UI_LANGS.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang === 'zh' ? 'zh-CN' : 'en'}
            data-testid={`language-${lang}`}
            rightSection={lang === current ? <IconCheck size={14} /> : null}
            onClick={() => void switchLanguage(lang)}
          >
            {t(`languages.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
