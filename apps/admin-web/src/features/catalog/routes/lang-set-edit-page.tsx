import type { BrandLanguage } from '@kb/contracts';
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.js';
import { useCan } from '../../../lib/use-can.js';
import { usePageDirty } from '../../../lib/page-context.js';
import { translateError } from '../../../lib/translate.js';
import { useSaveLanguages } from '../api/languages.js';
import { useSystemLanguages } from '../../../lib/lookups.js';
import {
  chooseMain,
  choiceOf,
  choiceProblem,
  toggleLanguage,
  type LanguageChoice,
} from '../rules/languages.js';
import { TableHead } from '../../../components/record-columns.js';

function LanguageSettingsForm({ all }: { all: BrandLanguage[] }) {
  const { t } = useTranslation();
  const save = useSaveLanguages();
  // Only an admin sets the brand's languages; others see the choice without a save.
  const mayEdit = useCan('language.edit');
  const [saved, setSaved] = useState<LanguageChoice>(() => choiceOf(all));
  const [choice, setChoice] = useState<LanguageChoice>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty =
    choice.mainLang !== saved.mainLang || [...choice.langs].sort().join() !== [...saved.langs].sort().join();
  usePageDirty(dirty);

  const submit = async () => {
    const why = choiceProblem(choice);
    setProblem(why);
    if (why || !choice.mainLang) return;
    try {
      await save.mutateAsync({ langs: choice.langs, mainLang: choice.mainLang });
      setSaved(choice);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setProblem(
        Object.values(fields)[0] ?? (error instanceof ApiError ? error.desc : t('messages.loadError')),
      );
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={820}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('catalog.languageSettings.intro')}
        </Text>
        {problem && (
          <Alert color="red" icon={<IconAlertCircle />} data-testid="lang-problem">
            {translateError(problem)}
          </Alert>
        )}
        <Radio.Group
          value={choice.mainLang}
          onChange={(code) => {
            setChoice(chooseMain(choice, code));
            setProblem(null);
          }}
        >
          <Table striped withTableBorder verticalSpacing="xs" data-testid="lang-table">
            <TableHead
              columns={[
                { title: t('catalog.languageSettings.supported'), w: 90 },
                { title: t('catalog.languageSettings.main'), w: 110 },
                t('reference.fields.language'),
                t('catalog.languageSettings.nativeName'),
                t('catalog.languageSettings.code'),
              ]}
            />
            <Table.Tbody>
              {all.map((lang) => {
                const on = choice.langs.includes(lang.langCode);
                return (
                  <Table.Tr key={lang.langCode} data-testid={`lang-${lang.langCode}`}>
                    <Table.Td>
                      <Checkbox
                        checked={on}
                        aria-label={`${t('catalog.languageSettings.supported')} ${lang.langName}`}
                        onChange={(e) => {
                          setChoice(toggleLanguage(choice, lang.langCode, e.currentTarget.checked));
                          setProblem(null);
                        }}
                        data-testid={`lang-supported-${lang.langCode}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Radio
                        value={lang.langCode}
                        aria-label={`${t('catalog.languageSettings.main')} ${lang.langName}`}
                        data-testid={`lang-main-${lang.langCode}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        {lang.langName}
                        {choice.mainLang === lang.langCode && (
                          <Badge size="xs" variant="light">
                            {t('reference.mainBadge')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{lang.nativeName}</Table.Td>
                    <Table.Td>{lang.langCode}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Radio.Group>
        <Group justify="space-between">
          <Button
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={!mayEdit}
            data-testid="form-submit"
          >
            {t('common.save')}
          </Button>
          <Text size="sm" c="dimmed" data-testid="lang-count">
            {t('catalog.languageSettings.selected', { count: choice.langs.length })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** §2 /lang-set-edit: which system languages the brand supports and which is its main one. */
export function LangSetEditPage() {
  const { t } = useTranslation();
  const all = useSystemLanguages();
  if (all.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {t('messages.loadError')}
      </Alert>
    );
  if (!all.data)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  return <LanguageSettingsForm all={all.data} />;
}
