import { UI_LANGS, type UiLang } from '@kb/contracts';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isUiLang, switchLanguage } from '../lib/language.js';

/**
 * The login page's language dropdown: the browser's own select, so that the login route carries no popover
 * machinery (the header uses the richer LanguageMenu). Every text switches at once and the choice is kept.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current: UiLang = isUiLang(i18n.language) ? i18n.language : 'zh';
  return (
    <NativeSelect
      aria-label={t('layout.switchLanguage')}
      leftSection={<IconLanguage size={16} />}
      value={current}
      onChange={(e) => {
        const lang = e.currentTarget.value;
        if (isUiLang(lang)) void switchLanguage(lang);
      }}
      data={UI_LANGS.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
      data-testid="language-select"
      w={140}
    />
  );
}
