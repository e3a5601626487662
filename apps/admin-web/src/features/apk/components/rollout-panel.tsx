import { roleCan, type ApkDetail, type ApkRolloutDetail, type ApkRolloutPause } from '@kb/contracts';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLiveRefresh } from '../../../lib/live-events.js';
import { useStoredUser } from '../../../lib/use-stored-user.js';
import { rolloutDetailQuery, runRolloutStep, startRollout, type RolloutStep } from '../api/apk-rollout.js';
import { APK_KEY } from '../api/apk-read-position.js';
import { formatTime } from '../../../lib/format.js';
import { askRolloutStart, CompatibilitySummary } from './start-rollout-dialog.js';
import { TableHead } from '../../../components/record-columns.js';

const STATUS_COLORS = { running: 'blue', paused: 'orange', rolled_back: 'gray', completed: 'green' } as const;

/** The steps a rollout offers in each of its states (`next`: a stage is left after the current one). */
const STEP_BUTTONS: {
  step: RolloutStep;
  color?: string;
  shown: (status: string | undefined, next: boolean) => boolean;
}[] = [
  { step: 'advance', shown: (status, next) => status === 'running' && next },
  { step: 'pause', color: 'orange', shown: (status) => status === 'running' },
  { step: 'resume', shown: (status) => status === 'paused' },
  { step: 'rollback', color: 'red', shown: (status) => status === 'running' || status === 'paused' },
  { step: 'complete', color: 'green', shown: (status) => status === 'running' || status === 'paused' },
];

const rate = (value: number | null) => (value === null ? '—' : (Math.round(value * 100) / 100).toString());

/** Why a rollout paused, in the reader's language (the watch's finding, or who paused it and their note). */
export function pauseReason(pause: ApkRolloutPause, t: TFunction): string {
  if (pause.kind === 'faults' && pause.finding)
    return t('apk.rollout.pausedByFaults', {
      type: pause.finding.faultType,
      newRate: rate(pause.finding.newRate),
      oldRate: rate(pause.finding.oldRate),
      count: pause.finding.newFaults,
    });
  return t('apk.rollout.pausedByHand', { by: pause.by, note: pause.note ? `: ${pause.note}` : '' });
}

/** Asks before a rollout step; true when confirmed. */
function confirmStep(step: RolloutStep, t: TFunction): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t(`apk.rollout.${step}`),
      children: (
        <Text size="sm" data-testid="confirm-message">
          {t(`apk.rollout.confirm.${step}`)}
        </Text>
      ),
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: step === 'rollback' ? 'red' : undefined, 'data-testid': 'confirm-ok' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function FaultRates({ faults }: { faults: ApkRolloutDetail['faults'] }) {
  const { t } = useTranslation();
  if (!faults.length)
    return (
      <Text size="sm" c="dimmed">
        {t('apk.rollout.noFaults')}
      </Text>
    );
  return (
    <Table withTableBorder data-testid="rollout-faults">
      <TableHead columns={[t('apk.rollout.faultType'), t('apk.rollout.newRate'), t('apk.rollout.oldRate')]} />
      <Table.Tbody>
        {faults.map((f) => (
          <Table.Tr key={f.faultType} data-testid="rollout-fault-row">
            <Table.Td>{f.faultTypeName}</Table.Td>
            <Table.Td>{`${rate(f.newRate)} (${f.newFaults})`}</Table.Td>
            <Table.Td>{`${rate(f.oldRate)} (${f.oldFaults})`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The staged release of a created package on its detail screen: start it (stages, threshold, needs), follow its
 * stage, devices and fault rates, see why it paused, and pause, resume, roll back or complete it (admins and
 * auditors; each step asked first).
 */
export function RolloutPanel({ apk }: { apk: ApkDetail }) {
  const { t } = useTranslation();
  const user = useStoredUser();
  const queryClient = useQueryClient();
  const query = useQuery(rolloutDetailQuery(apk.id));
  // A step taken elsewhere (another staff member, the fault watch pausing it) shows here as it happens, and so does
  // what it changes on the package (its release status).
  useLiveRefresh('rollout', [...APK_KEY, 'rollout', apk.id], apk.id);
  useLiveRefresh('rollout', [...APK_KEY, 'detail', apk.id], apk.id);
  const detail = query.data;
  if (!detail) return null;
  const may = roleCan(user?.role ?? null, 'apk.rollout') && apk.reviewStatus === 'created';
  const rollout = detail.rollout;
  const active = rollout?.status === 'running' || rollout?.status === 'paused';
  const changed = () => void queryClient.invalidateQueries({ queryKey: APK_KEY });
  const step = async (s: RolloutStep) => {
    if (!(await confirmStep(s, t))) return;
    await runRolloutStep(s, apk.id).then(changed, () => undefined);
  };
  const start = async () => {
    const input = await askRolloutStart(apk.id, apk.versionNumber, detail.tested);
    if (input) await startRollout(input).then(changed, () => undefined);
  };
  const next = rollout && rollout.status === 'running' ? rollout.stages[rollout.stage + 1] : undefined;
  return (
    <Card withBorder data-testid="rollout-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={5}>{t('apk.rollout.title')}</Title>
            {rollout && (
              <Badge color={STATUS_COLORS[rollout.status]} data-testid="rollout-status">
                {t(`apk.rollout.status.${rollout.status}`)}
              </Badge>
            )}
          </Group>
          {may && (
            <Group gap="xs">
              {!active && apk.releaseStatus !== 'online' && (
                <Button size="xs" onClick={() => void start()} data-testid="rollout-start">
                  {t('apk.rollout.start')}
                </Button>
              )}
              {STEP_BUTTONS.filter((b) => b.shown(rollout?.status, Boolean(next))).map((b) => (
                <Button
                  key={b.step}
                  size="xs"
                  variant="light"
                  color={b.color}
                  onClick={() => void step(b.step)}
                  data-testid={`rollout-${b.step}`}
                >
                  {t(`apk.rollout.${b.step}`)}
                </Button>
              ))}
            </Group>
          )}
        </Group>
        {!rollout && (
          <Text size="sm" c="dimmed">
            {t('apk.rollout.none')}
          </Text>
        )}
        {rollout?.status === 'paused' && rollout.pause && (
          <Alert color="orange" data-testid="rollout-paused-reason">
            {pauseReason(rollout.pause, t)}
          </Alert>
        )}
        {rollout && (
          <>
            <Group gap="lg">
              <Text size="sm" data-testid="rollout-stage">
                {t('apk.rollout.stageOf', {
                  n: rollout.stage + 1,
                  total: rollout.stages.length,
                  percent: rollout.stages[rollout.stage]?.percent ?? 0,
                })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('apk.rollout.fromTo', { from: rollout.fromVersion ?? '—', to: rollout.toVersion })}
              </Text>
              {next && (
                <Text size="sm" c="dimmed" data-testid="rollout-next">
                  {`${t('apk.rollout.nextStage', { percent: next.percent })} · ${
                    next.startAt
                      ? t('apk.rollout.nextAt', { time: formatTime(next.startAt) })
                      : t('apk.rollout.nextByHand')
                  }`}
                </Text>
              )}
            </Group>
            <SimpleGrid cols={4}>
              <Figure
                label={t('apk.rollout.targeted')}
                value={detail.devices.targeted}
                testId="rollout-targeted"
              />
              <Figure
                label={t('apk.rollout.inStage')}
                value={detail.devices.inStage}
                testId="rollout-in-stage"
              />
              <Figure label={t('apk.rollout.onNew')} value={detail.devices.onNew} testId="rollout-on-new" />
              <Figure label={t('apk.rollout.onOld')} value={detail.devices.onOld} testId="rollout-on-old" />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('apk.rollout.threshold', { ratio: rollout.watch.faultRatio, min: rollout.watch.minFaults })}
            </Text>
            <Text size="sm" fw={500}>
              {t('apk.rollout.faults')}
            </Text>
            <FaultRates faults={detail.faults} />
          </>
        )}
        <Text size="sm" fw={500}>
          {t('apk.rollout.compatibility')}
        </Text>
        <CompatibilitySummary compatibility={detail.compatibility} />
      </Stack>
    </Card>
  );
}
