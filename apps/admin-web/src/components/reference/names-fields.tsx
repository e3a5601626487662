import type { BrandLanguage } from '@kb/contracts';
import { Badge, Input, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/**
 * A name per brand language, in the brand's order (main first). The field of `mainLang` is marked required;
 * its rule is the form schema's. Errors (including the server's `names.<lang>`, e.g. a unit name taken) show
 * under their field.
 */
export function NamesFields<V>({
  form,
  languages,
  mainLang,
  path = 'names',
}: {
  form: UseFormReturnType<V>;
  languages: readonly BrandLanguage[];
  mainLang: string | null;
  /** Where the names sit in the form's values, e.g. `categories.0.names`. */
  path?: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('reference.fields.name')} description={t('reference.namesHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
        {languages.map((lang) => {
          const main = lang.langCode === mainLang;
          return (
            <TextInput
              key={lang.langCode}
              label={t('reference.fields.nameIn', { lang: lang.langName })}
              withAsterisk={main}
              rightSectionWidth={main ? 64 : undefined}
              rightSection={
                main ? (
                  <Badge size="xs" variant="light">
                    {t('reference.mainBadge')}
                  </Badge>
                ) : undefined
              }
              data-testid={`name-${lang.langCode}`}
              {...form.getInputProps(`${path}.${lang.langCode}` as never)}
            />
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
