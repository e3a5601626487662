import {
  heatingLogicOf,
  RECIPE_TYPE_POT_TYPES,
  workModeUses,
  type RecipeType,
  type StepProblem,
} from '@kb/contracts';
import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WorkModeOption } from '../../api/recipe-editor.js';
import { languageLabel } from '../../../../lib/labels.js';
import { currentLanguage } from '../../../../lib/language.js';
import { problemsOfStep, withWorkMode, type StepDraft } from '../../rules/step-rules.js';
import { MediaUpload } from '../media-upload.js';
import type { StepErrors } from './recipe-form.js';

const num = (v: string | number) => (v === '' ? null : Number(v));

/** One step: its work mode (prefilling the settings from the mode's §9 defaults), settings checked live. */
export function StepEditor({
  step,
  recipeType,
  modes,
  langs,
  serverErrors = {},
  onChange,
  onRemove,
}: {
  step: StepDraft;
  recipeType: RecipeType;
  modes: WorkModeOption[];
  langs: string[];
  /** The API's refusals of this step's fields. */
  serverErrors?: StepErrors;
  onChange: (step: StepDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const potTypes = RECIPE_TYPE_POT_TYPES[recipeType];
  const usable = modes.filter((m) => m.potTypes.some((p) => potTypes.includes(p)));
  const mode = modes.find((m) => m.code === step.workMode) ?? null;
  const uses = mode ? workModeUses(mode) : null;
  const problems = problemsOfStep(step, mode);
  const heatingLogic = mode ? heatingLogicOf(mode, step.temperature) : null;
  const problemOf = (field: StepProblem['field']) => {
    const p = problems.find((x) => x.field === field);
    if (!p) return undefined;
    if (p.code === 'below_countdown')
      return t('recipes.editor.problems.below_countdown', { threshold: p.threshold });
    if (p.code === 'whole_cycles')
      return t('recipes.editor.problems.whole_cycles', { cycleSeconds: p.cycleSeconds });
    const range = { min: p.min, max: p.max };
    return field === 'time'
      ? t('recipes.editor.problems.out_of_range_time', range)
      : t('recipes.editor.problems.out_of_range', range);
  };
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="step">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('recipes.editor.stepNo', { number: step.number })}
          </Text>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('recipes.editor.remove')}>
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('recipes.editor.workMode')}
            data={usable.map((m) => ({ value: m.code, label: m.name }))}
            value={step.workMode}
            onChange={(code) => onChange(withWorkMode(step, modes.find((m) => m.code === code) ?? null))}
            clearable
            error={serverErrors.workMode}
            w={180}
            data-testid="step-mode"
          />
          {uses?.temperature && (
            <NumberInput
              label={t('recipes.editor.temperature')}
              value={step.temperature ?? ''}
              onChange={(v) => onChange({ ...step, temperature: num(v) })}
              error={problemOf('temperature') ?? serverErrors.temperature}
              w={130}
              data-testid="step-temperature"
            />
          )}
          {uses?.speed && (
            <NumberInput
              label={t('recipes.editor.speed')}
              value={step.speed ?? ''}
              onChange={(v) => onChange({ ...step, speed: num(v) })}
              error={problemOf('speed') ?? serverErrors.speed}
              w={90}
              data-testid="step-speed"
            />
          )}
          {uses?.time && (
            <>
              <NumberInput
                label={t('recipes.editor.minutes')}
                value={step.minutes ?? ''}
                onChange={(v) => onChange({ ...step, minutes: num(v) })}
                error={problemOf('time') ?? serverErrors.minutes}
                min={0}
                w={90}
                data-testid="step-minutes"
              />
              <NumberInput
                label={t('recipes.editor.seconds')}
                value={step.seconds ?? ''}
                onChange={(v) => onChange({ ...step, seconds: num(v) })}
                error={serverErrors.seconds}
                min={0}
                max={59}
                w={90}
                data-testid="step-seconds"
              />
            </>
          )}
          {uses?.rotation && (
            <Select
              label={t('recipes.editor.rotation')}
              data={[
                { value: 'forward', label: t('recipes.editor.forward') },
                { value: 'reverse', label: t('recipes.editor.reverse') },
              ]}
              value={step.rotation}
              onChange={(v) => onChange({ ...step, rotation: v as StepDraft['rotation'] })}
              error={serverErrors.rotation}
              w={110}
              data-testid="step-rotation"
            />
          )}
          <NumberInput
            label={t('recipes.editor.waterGear')}
            value={step.waterGear ?? ''}
            onChange={(v) => onChange({ ...step, waterGear: num(v) })}
            min={0}
            max={99}
            w={100}
          />
          <Checkbox
            mt={28}
            label={t('recipes.editor.autoStart')}
            checked={step.autoStart}
            onChange={(e) => onChange({ ...step, autoStart: e.currentTarget.checked })}
          />
        </Group>
        <Group gap="md">
          <MediaUpload
            label={t('recipes.editor.stepMedia')}
            accept="image/png,image/jpeg,video/mp4"
            purposeOf={(file) => (file.type.startsWith('video/') ? 'video' : 'image')}
            value={step.mediaFileCode}
            onChange={(mediaFileCode) => onChange({ ...step, mediaFileCode })}
            testId="step-media"
          />
          <MediaUpload
            label={t('recipes.editor.stepAudio')}
            accept="audio/*"
            purposeOf={() => 'audio'}
            value={step.audioFileCode}
            onChange={(audioFileCode) => onChange({ ...step, audioFileCode })}
            testId="step-audio"
          />
        </Group>
        {mode?.notes && (
          <Text size="xs" c="dimmed" data-testid="step-mode-notes">
            {mode.notes}
          </Text>
        )}
        {heatingLogic && (
          <Text size="xs" c="dimmed" data-testid="step-heating-logic">
            {heatingLogic === 'diy'
              ? t('recipes.editor.heatingLogic.diy', { temperature: step.temperature ?? 0 })
              : t('recipes.editor.heatingLogic.boil', { temperature: step.temperature ?? 0 })}
          </Text>
        )}
        {langs.map((lang) => (
          <Textarea
            key={lang}
            label={t('recipes.editor.stepText', { lang: languageLabel(lang, currentLanguage()) })}
            value={step.descriptions[lang] ?? ''}
            onChange={(e) =>
              onChange({ ...step, descriptions: { ...step.descriptions, [lang]: e.currentTarget.value } })
            }
            autosize
            minRows={1}
            data-testid={`step-text-${lang}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}
