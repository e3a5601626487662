import { UI_LANGS, type UiLang } from '@kb/contracts';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../app/i18n/i18n.js';
import { isUiLang } from '../lib/language.js';
import classes from './language-select.module.css';

/**
 * The login page's language dropdown: the browser's own select in the theme's input look, so that the login route
 * carries neither popover machinery nor Mantine's select (the header uses the richer LanguageMenu). Every text
 * switches at once and the choice is kept.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current: UiLang = isUiLang(i18n.language) ? i18n.language : 'zh';
  return (
    <span className={classes.wrapper}>
      <IconLanguage size={16} className={classes.icon} aria-hidden />
      <select
        className={classes.select}
        aria-label={t('layout.switchLanguage')}
        value={current}
        onChange={(e) => {
          const lang = e.currentTarget.value;
          if (isUiLang(lang)) void switchLanguage(lang);
        }}
        data-testid="language-select"
      >
        {UI_LANGS.map((lang) => (
          <option key={lang} value={lang}>
            {t(`languages.${lang}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
