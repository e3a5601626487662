import type { ApkCompatibility, ApkRolloutStartInput } from '@kb/contracts';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compatibilityQuery } from '../api/apk-rollout.js';
import { askInModal, DialogButtons } from '../../../components/ask-in-modal.js';
import { RequiredReasonInput, useRequiredReason } from '../../../components/required-reason.js';

interface StageDraft {
  percent: number;
  /** `datetime-local` text, empty: by hand. */
  startAt: string;
}

const DEFAULT_STAGES: StageDraft[] = [1, 10, 50, 100].map((percent) => ({ percent, startAt: '' }));

/** Which devices of the sub-brand the release reaches, and how many it leaves out for which reason. */
export function CompatibilitySummary({ compatibility }: { compatibility: ApkCompatibility | undefined }) {
  const { t } = useTranslation();
  if (!compatibility) return null;
  return (
    <Stack gap={2} data-testid="rollout-compatibility">
      <Text size="sm">
        {t('apk.rollout.compatibleAll', {
          devices: compatibility.devices,
          eligible: compatibility.eligible,
        })}
      </Text>
      {compatibility.incompatible.map((r) => (
        <Text size="sm" c="orange.8" key={r.reason} data-testid={`rollout-incompatible-${r.reason}`}>
          {t('apk.rollout.incompatible', {
            devices: r.devices,
            reason: t(`apk.rollout.reasons.${r.reason}`),
          })}
        </Text>
      ))}
    </Stack>
  );
}

function StartForm({
  id,
  tested,
  onDone,
}: {
  id: string;
  tested: boolean;
  onDone: (input: ApkRolloutStartInput | null) => void;
}) {
  const { t } = useTranslation();
  const [stages, setStages] = useState<StageDraft[]>(DEFAULT_STAGES);
  const [faultRatio, setFaultRatio] = useState<number>(2);
  const [minFaults, setMinFaults] = useState<number>(3);
  const [minFirmware, setMinFirmware] = useState('');
  const [languages, setLanguages] = useState('');
  const overrideReason = useRequiredReason();
  const [needs] = useDebouncedValue({ minFirmware: minFirmware.trim(), languages: languages.trim() }, 400);
  const compatibility = useQuery(compatibilityQuery(id, needs.minFirmware, needs.languages));
  const setStage = (i: number, change: Partial<StageDraft>) =>
    setStages((all) => all.map((s, j) => (j === i ? { ...s, ...change } : s)));
  const submit = () => {
    const reason = tested ? overrideReason.value.trim() : overrideReason.take();
    if (reason === null) return;
    onDone({
      id,
      stages: stages.map((s) => ({
        percent: s.percent,
        startAt: s.startAt ? new Date(s.startAt).toISOString() : null,
      })),
      faultRatio,
      minFaults,
      minFirmware: minFirmware.trim() || null,
      languages: languages
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
      overrideReason: reason,
    });
  };
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {t('apk.rollout.stages')}
      </Text>
      {stages.map((stage, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap" data-testid="rollout-stage-row">
          <NumberInput
            label={t('apk.rollout.stage', { n: i + 1 })}
            min={1}
            max={100}
            w={110}
            value={stage.percent}
            onChange={(v) => setStage(i, { percent: Number(v) || 0 })}
            data-testid={`rollout-stage-percent-${i}`}
          />
          {i === 0 ? (
            <Text size="sm" c="dimmed" pb={8}>
              {t('apk.rollout.firstStageNow')}
            </Text>
          ) : (
            <TextInput
              type="datetime-local"
              label={t('apk.rollout.startAt')}
              value={stage.startAt}
              onChange={(e) => setStage(i, { startAt: e.currentTarget.value })}
              data-testid={`rollout-stage-time-${i}`}
            />
          )}
          {i > 0 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('apk.rollout.removeStage')}
              data-testid="rollout-stage-remove"
              onClick={() => setStages((all) => all.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {stages.length < 10 && (
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          onClick={() => setStages((all) => [...all, { percent: 100, startAt: '' }])}
        >
          {t('apk.rollout.addStage')}
        </Button>
      )}
      <Group grow>
        <NumberInput
          label={t('apk.rollout.faultRatio')}
          description={t('apk.rollout.faultRatioHint')}
          min={1}
          decimalScale={2}
          value={faultRatio}
          onChange={(v) => setFaultRatio(Number(v) || 1)}
          data-testid="rollout-fault-ratio"
        />
        <NumberInput
          label={t('apk.rollout.minFaults')}
          min={1}
          value={minFaults}
          onChange={(v) => setMinFaults(Number(v) || 1)}
          data-testid="rollout-min-faults"
        />
      </Group>
      <Group grow>
        <TextInput
          label={t('apk.rollout.minFirmware')}
          value={minFirmware}
          onChange={(e) => setMinFirmware(e.currentTarget.value)}
          data-testid="rollout-min-firmware"
        />
        <TextInput
          label={t('apk.rollout.languages')}
          value={languages}
          onChange={(e) => setLanguages(e.currentTarget.value)}
          data-testid="rollout-languages"
        />
      </Group>
      <CompatibilitySummary compatibility={compatibility.data} />
      {!tested && (
        <RequiredReasonInput
          reason={overrideReason}
          requiredMessage={t('apk.rollout.overrideRequired')}
          label={t('apk.rollout.overrideReason')}
          description={t('apk.rollout.overrideHint')}
          data-testid="rollout-override-reason"
        />
      )}
      <DialogButtons onCancel={() => onDone(null)}>
        <Button onClick={submit} data-testid="rollout-start-submit">
          {t('apk.rollout.submit')}
        </Button>
      </DialogButtons>
    </Stack>
  );
}

function Title({ name }: { name: string }) {
  const { t } = useTranslation();
  return <>{t('apk.rollout.startTitle', { name })}</>;
}

/** The start of a rollout: its stages, the watch's threshold, what the package needs; null when closed. */
export function askRolloutStart(
  id: string,
  name: string,
  tested: boolean,
): Promise<ApkRolloutStartInput | null> {
  return askInModal<ApkRolloutStartInput>(
    <Title name={name} />,
    (done) => <StartForm id={id} tested={tested} onDone={done} />,
    'lg',
  );
}
