import { MultiSelect, Stack, Tabs, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrandLanguages } from '../../../../components/reference/brand-languages.js';
import { setPart, type RecipeForm } from './recipe-form.js';
import { FormSection } from '../../../../components/form-section.js';

/** The recipe's languages in main-language-first order. */
export function languagesOf(values: { mainLang: string; langs: string[] }): string[] {
  return [values.mainLang, ...values.langs.filter((l) => l !== values.mainLang)];
}

/** The languages the recipe supports and, per language, its name, description and chef tips. */
export function LanguagesSection({ form }: { form: RecipeForm }) {
  const { t } = useTranslation();
  const languages = useBrandLanguages() ?? [];
  const values = form.getValues();
  const langs = languagesOf(values);
  // A language's texts exist once something is typed in it.
  const text = (lang: string, field: 'name' | 'description' | 'chefTips') => {
    const texts = values.texts[lang] ?? { name: '', description: '', chefTips: '' };
    return {
      ...form.getInputProps(`texts.${lang}.${field}`),
      value: texts[field],
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setPart(form, `texts.${lang}`, { ...texts, [field]: event.currentTarget.value }),
    };
  };
  return (
    <FormSection title={t('recipes.editor.languages')}>
      <MultiSelect
        label={t('recipes.editor.languages')}
        data={languages.map((l) => ({ value: l.langCode, label: l.langName }))}
        value={langs}
        onChange={(next) =>
          form.setFieldValue('langs', next.includes(values.mainLang) ? next : [values.mainLang, ...next])
        }
        error={form.getInputProps('langs').error}
        w={260}
        mb="sm"
        data-testid="field-langs"
      />
      <Tabs defaultValue={values.mainLang}>
        <Tabs.List>
          {langs.map((lang) => (
            <Tabs.Tab key={lang} value={lang} data-testid={`lang-tab-${lang}`}>
              {languages.find((l) => l.langCode === lang)?.langName ?? lang}
              {lang === values.mainLang ? ` · ${t('recipes.editor.mainLang')}` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {langs.map((lang) => (
          <Tabs.Panel key={lang} value={lang} pt="sm">
            <Stack gap="xs">
              <TextInput
                label={t('recipes.editor.name')}
                {...text(lang, 'name')}
                required={lang === values.mainLang}
                data-testid={`name-${lang}`}
              />
              <Textarea
                label={t('recipes.editor.description')}
                {...text(lang, 'description')}
                autosize
                minRows={2}
              />
              <Textarea
                label={t('recipes.editor.chefTips')}
                {...text(lang, 'chefTips')}
                autosize
                minRows={1}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </FormSection>
  );
}
