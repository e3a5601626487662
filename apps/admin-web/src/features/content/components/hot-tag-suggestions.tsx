import type { BrandLanguage, SearchTopTerm } from '@kb/contracts';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandLanguages } from '../../../components/reference/brand-languages.js';
import { useCan } from '../../../lib/use-can.js';
import { addHotTag, searchTopTermsQuery } from '../api/hot-tag-suggestions.js';
import { TableHead } from '../../../components/record-columns.js';

const PERIODS = ['7', '30', '90', '0'] as const;

/**
 * The label a suggested term becomes: its text in the language it was searched in and, when that is not the
 * brand's main language, the main language's label (a hot label needs it). Offline until someone sets it online.
 */
function SuggestionForm({
  term,
  languages,
  onDone,
}: {
  term: SearchTopTerm;
  languages: BrandLanguage[];
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const main = languages[0]!;
  const nameOf = (code: string) => languages.find((l) => l.langCode === code)?.langName ?? code;
  const [labels, setLabels] = useState<Record<string, string>>({ [term.lang]: term.term });
  const [online, setOnline] = useState(false);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const codes = term.lang === main.langCode ? [term.lang] : [term.lang, main.langCode];
  const save = async () => {
    if (!labels[main.langCode]?.trim()) return setMissing(true);
    setSaving(true);
    try {
      await addHotTag({
        labels: Object.fromEntries(codes.map((c) => [c, (labels[c] ?? '').trim()]).filter(([, v]) => v)),
        sort: 0,
        online,
      });
      await queryClient.invalidateQueries({ queryKey: ['content', 'hot-tags'] });
      onDone(true);
    } catch {
      // shown by the API client (a toast in the user's language)
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="sm" data-testid="suggestion-form">
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t('content.suggest.newLabel')}
        </Text>
        {codes.map((code) => (
          <TextInput
            key={code}
            label={t('content.fields.labelIn', { lang: nameOf(code) })}
            withAsterisk={code === main.langCode}
            value={labels[code] ?? ''}
            error={code === main.langCode && missing ? t('errors.main_label_required') : undefined}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setLabels((l) => ({ ...l, [code]: value }));
              if (code === main.langCode) setMissing(false);
            }}
            data-testid={`suggestion-label-${code}`}
          />
        ))}
        <Group justify="space-between">
          <Switch
            label={t('content.fields.online')}
            checked={online}
            onChange={(e) => setOnline(e.currentTarget.checked)}
            data-testid="suggestion-online"
          />
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => onDone(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" loading={saving} onClick={() => void save()} data-testid="suggestion-save">
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The dialog: the terms searched most over a period, in a language or all, each one a label away. */
function Suggestions({ languages }: { languages: BrandLanguage[] }) {
  const { t } = useTranslation();
  const canAdd = useCan('content.edit');
  const [period, setPeriod] = useState<string>('30');
  const [lang, setLang] = useState<string | null>(null);
  const [adding, setAdding] = useState<SearchTopTerm | null>(null);
  const terms = useQuery(searchTopTermsQuery(Number(period), lang));
  const nameOf = (code: string) => languages.find((l) => l.langCode === code)?.langName ?? code;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('content.suggest.hint')}
      </Text>
      <Group gap="sm">
        <SegmentedControl
          size="xs"
          value={period}
          onChange={setPeriod}
          data={PERIODS.map((p) => ({ value: p, label: t(`content.suggest.period.${p}`) }))}
          data-testid="suggestion-period"
        />
        <Select
          size="xs"
          w={160}
          placeholder={t('content.any')}
          clearable
          value={lang}
          onChange={setLang}
          data={languages.map((l) => ({ value: l.langCode, label: l.langName }))}
          aria-label={t('content.fields.language')}
          data-testid="suggestion-lang"
        />
      </Group>
      {adding && (
        <SuggestionForm
          key={`${adding.lang}:${adding.term}`}
          term={adding}
          languages={languages}
          onDone={() => setAdding(null)}
        />
      )}
      {terms.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : terms.isError ? (
        <Alert color="red">{terms.error.message}</Alert>
      ) : terms.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="suggestions-empty">
          {t('content.suggest.none')}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="suggestions">
          <TableHead
            columns={[
              t('content.suggest.term'),
              t('content.fields.language'),
              t('content.suggest.searches'),
              t('common.actions'),
            ]}
          />
          <Table.Tbody>
            {terms.data.map((term) => (
              <Table.Tr key={`${term.lang}:${term.term}`} data-testid="suggestion-row" data-term={term.term}>
                <Table.Td>{term.term}</Table.Td>
                <Table.Td>{nameOf(term.lang)}</Table.Td>
                <Table.Td>{term.searches}</Table.Td>
                <Table.Td>
                  {term.labelled ? (
                    <Badge variant="light" color="gray" data-testid="suggestion-labelled">
                      {t('content.suggest.labelled')}
                    </Badge>
                  ) : (
                    canAdd && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconPlus size={12} />}
                        onClick={() => setAdding(term)}
                        data-testid="suggestion-add"
                      >
                        {t('content.suggest.add')}
                      </Button>
                    )
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The hot label list's "Suggest from searches" button and its dialog. */
export function HotTagSuggestions() {
  const { t } = useTranslation();
  const languages = useBrandLanguages();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconBulb size={14} />}
        onClick={() => setOpened(true)}
        disabled={!languages?.length}
        data-testid="hot-tag-suggest"
      >
        {t('content.suggest.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        size="lg"
        title={t('content.suggest.title')}
        data-testid="suggestions-dialog"
      >
        {opened && languages && <Suggestions languages={languages} />}
      </Modal>
    </>
  );
}
