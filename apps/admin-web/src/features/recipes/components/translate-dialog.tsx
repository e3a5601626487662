import type { JobRun, RecipeListItem, RecipeTranslationProposal } from '@kb/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLanguage } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../app/i18n/i18n.js';
import { confirmAction } from '../../../components/confirm.js';
import { JobProgress } from '../../../components/jobs/job-progress.js';
import { confirmRecipeTranslation, startRecipeTranslation } from '../api/recipe-jobs.js';

interface LanguageOption {
  value: string;
  label: string;
}

/** How the review names a field of the proposal (its path in the recipe's content). */
function FieldName({ path }: { path: string }) {
  const { t } = useTranslation();
  const top = /^texts\.(name|description|chefTips)$/.exec(path);
  if (top) return <>{t(`jobs.translate.fields.${top[1] as 'name' | 'description' | 'chefTips'}`)}</>;
  const m = /^servingVersions\.(\d+)\.(ingredients|steps)\.(\d+)\.(names|descriptions)$/.exec(path);
  if (!m) return <>{path}</>;
  const params = { v: Number(m[1]) + 1, n: Number(m[3]) + 1 };
  if (m[2] === 'steps') return <>{t('jobs.translate.fields.step', params)}</>;
  return (
    <>
      {t(
        m[4] === 'names' ? 'jobs.translate.fields.ingredientName' : 'jobs.translate.fields.ingredientNote',
        params,
      )}
    </>
  );
}

/**
 * One recipe's proposal, read-only: field | source | for each target language, the text it holds now (which
 * confirming overwrites) and the proposed one.
 */
function ProposalTable({
  proposal,
  languages,
}: {
  proposal: RecipeTranslationProposal;
  languages: LanguageOption[];
}) {
  const { t } = useTranslation();
  const name = (code: string) => languages.find((l) => l.value === code)?.label ?? code;
  return (
    <Stack gap={4} data-testid="translate-proposal" data-number={proposal.number}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {proposal.number}
        </Text>
        <Badge size="xs" variant="light">
          {proposal.provider}
        </Badge>
      </Group>
      <Table withTableBorder withColumnBorders striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('jobs.translate.field')}</Table.Th>
            <Table.Th>{t('jobs.translate.sourceColumn', { lang: name(proposal.sourceLang) })}</Table.Th>
            {proposal.targetLangs.map((lang) => (
              <Fragment key={lang}>
                <Table.Th>{t('jobs.translate.current', { lang: name(lang) })}</Table.Th>
                <Table.Th>{t('jobs.translate.proposed', { lang: name(lang) })}</Table.Th>
              </Fragment>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposal.fields.map((field) => (
            <Table.Tr key={field.path} data-testid="translate-field" data-path={field.path}>
              <Table.Td>
                <FieldName path={field.path} />
              </Table.Td>
              <Table.Td data-testid="translate-source">{field.source}</Table.Td>
              {proposal.targetLangs.map((lang) => (
                <Fragment key={lang}>
                  <Table.Td data-testid="translate-current" data-lang={lang} c="dimmed">
                    {field.current?.[lang] || '—'}
                  </Table.Td>
                  <Table.Td data-testid="translate-target" data-lang={lang}>
                    {field.translations[lang]}
                  </Table.Td>
                </Fragment>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The finished job's proposals side by side, then Confirm (asks first) or Discard. Nothing here can be edited. */
function Review({
  run,
  languages,
  onSaved,
  onDiscard,
}: {
  run: JobRun;
  languages: LanguageOption[];
  onSaved: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const proposals = run.items
    .filter((i) => i.outcome === 'proposed')
    .map((i) => i.data as RecipeTranslationProposal);
  const save = async () => {
    if (!(await confirmAction('saveTranslation', { count: proposals.length }))) return;
    setSaving(true);
    try {
      await confirmRecipeTranslation(run.id);
      onSaved();
    } catch {
      // the API client has shown the refusal in the user's language
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="translate-review">
      {proposals.some((p) => p.demo) && (
        <Alert color="yellow" data-testid="translate-demo-notice">
          {t('jobs.translate.demoNotice')}
        </Alert>
      )}
      {proposals.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('jobs.translate.nothingToConfirm')}
        </Text>
      ) : (
        <>
          <Text fw={500} size="sm">
            {t('jobs.translate.review')}
          </Text>
          <ScrollArea.Autosize mah={420}>
            <Stack gap="md">
              {proposals.map((p) => (
                <ProposalTable key={p.recipeId} proposal={p} languages={languages} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDiscard} data-testid="translate-discard">
          {t('jobs.translate.discard')}
        </Button>
        {proposals.length > 0 && (
          <Button onClick={() => void save()} loading={saving} data-testid="translate-confirm">
            {t('jobs.translate.confirm')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The languages the dialog offers: those every chosen recipe is written in (a source or target another recipe lacks
 * would be refused for it only after the job ran), and as the default source the main language most of the chosen
 * recipes have (the first's on a tie), when it is among them.
 */
export function languageChoices(
  recipes: readonly Pick<RecipeListItem, 'mainLang' | 'langs'>[],
  languages: LanguageOption[],
): { shared: LanguageOption[]; defaultSource: string | null } {
  const shared = languages.filter(
    (l) => recipes.length > 0 && recipes.every((r) => r.langs.includes(l.value)),
  );
  const votes = new Map<string, number>();
  for (const r of recipes) votes.set(r.mainLang, (votes.get(r.mainLang) ?? 0) + 1);
  let main: string | null = null;
  for (const [lang, n] of votes) if (main === null || n > votes.get(main)!) main = lang;
  return { shared, defaultSource: main && shared.some((l) => l.value === main) ? main : null };
}

/** Choose source and targets, start the job, follow it, review the proposal and confirm or discard it. */
function TranslateDialog({
  recipes,
  languages,
  onSaved,
  onClose,
}: {
  recipes: RecipeListItem[];
  languages: LanguageOption[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choices = languageChoices(recipes, languages);
  const [source, setSource] = useState<string | null>(choices.defaultSource);
  const [targets, setTargets] = useState<string[]>([]);
  const targetOptions = choices.shared.filter((l) => l.value !== source);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [run, setRun] = useState<JobRun | null>(null);
  const [finished, setFinished] = useState<JobRun | null>(null);
  const start = async () => {
    // §5: multi-language recipes, a source and a target, never the source as a target
    if (!recipes.some((r) => r.langs.length > 1)) return setError(t('jobs.translate.multiLangRequired'));
    if (!source) return setError(t('jobs.translate.sourceRequired'));
    if (targets.length === 0) return setError(t('jobs.translate.targetRequired'));
    if (targets.includes(source)) return setError(t('jobs.translate.sameLang'));
    setError(null);
    setStarting(true);
    try {
      setRun(
        await startRecipeTranslation(
          recipes.map((r) => r.id),
          source,
          targets,
        ),
      );
    } catch {
      // the API client has shown the refusal in the user's language
    } finally {
      setStarting(false);
    }
  };
  if (run)
    return (
      <Stack gap="md">
        <JobProgress runId={run.id} initial={run} onFinished={setFinished} />
        {finished?.state === 'succeeded' && (
          <Review
            run={finished}
            languages={languages}
            onDiscard={onClose}
            onSaved={() => {
              onSaved();
              onClose();
            }}
          />
        )}
      </Stack>
    );
  return (
    <Stack gap="sm" data-testid="translate-dialog">
      <Text size="sm" c="dimmed">
        {t('jobs.translate.hint')}
      </Text>
      <Select
        label={t('jobs.translate.source')}
        data={choices.shared}
        value={source}
        onChange={(value) => {
          setSource(value);
          // A target is never the source.
          setTargets(targets.filter((l) => l !== value));
        }}
        data-testid="translate-source-lang"
      />
      <MultiSelect
        label={t('jobs.translate.targets')}
        data={targetOptions}
        value={targets}
        onChange={setTargets}
        disabled={targetOptions.length === 0}
        description={targetOptions.length === 0 ? t('jobs.translate.noTargets') : undefined}
        data-testid="translate-target-langs"
      />
      {error && (
        <Alert color="red" data-testid="translate-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          leftSection={<IconLanguage size={16} />}
          onClick={() => void start()}
          loading={starting}
          data-testid="translate-start"
        >
          {t('jobs.translate.start')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Opens the translation of the selected recipes; `onSaved` hears a confirmed save (to refresh the list). */
export function openTranslateDialog(
  recipes: RecipeListItem[],
  languages: LanguageOption[],
  onSaved: () => void,
) {
  const id = modals.open({
    title: i18n.t('jobs.translate.title'),
    size: 'xl',
    children: (
      <TranslateDialog
        recipes={recipes}
        languages={languages}
        onSaved={onSaved}
        onClose={() => modals.close(id)}
      />
    ),
  });
}
