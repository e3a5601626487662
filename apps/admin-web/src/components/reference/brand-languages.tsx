import type { BrandLanguage } from '@kb/contracts';
import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../anchor-link.js';
import { useSystemLanguages } from '../../lib/lookups.js';
import { brandLanguagesOf } from './names.js';

/** The brand's languages, main first (undefined while loading). */
export function useBrandLanguages(): BrandLanguage[] | undefined {
  const all = useSystemLanguages();
  return all.data ? brandLanguagesOf(all.data) : undefined;
}

/**
 * Draws a multilingual form once the brand's languages are known: the form offers exactly these, the main one
 * first. A brand without languages is sent to the language settings.
 */
export function WithBrandLanguages({ children }: { children: (languages: BrandLanguage[]) => ReactNode }) {
  const { t } = useTranslation();
  const all = useSystemLanguages();
  if (all.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (all.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {t('messages.loadError')}
      </Alert>
    );
  const languages = brandLanguagesOf(all.data);
  if (languages.length === 0)
    return (
      <Alert color="orange" icon={<IconAlertCircle />}>
        {t('reference.languagesMissing')}{' '}
        <AnchorLink to="/lang-set-edit">{t('routes.langSetEdit')}</AnchorLink>
      </Alert>
    );
  return <>{children(languages)}</>;
}

/** Language code → its name in the UI language, for list columns and filters. */
export function languageNames(languages: readonly BrandLanguage[] | undefined): Map<string, string> {
  return new Map((languages ?? []).map((l) => [l.langCode, l.langName]));
}
