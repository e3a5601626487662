import type { DeviceDetail, FaultRecord, TelemetrySample } from '@kb/contracts';
import { Avatar, Badge, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link.js';
import { Can } from '../../../components/can.js';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { DetailView } from '../../../components/detail-view.js';
import { deviceDetailQuery, useRevokeCredential } from '../api/device-detail.js';
import { useDeleteDevices } from '../api/device-list.js';
import { DEVICES_KEY, fileUrl } from '../api/devices-key.js';
import {
  deviceModeLabel,
  ErrorLogButton,
  networkLabel,
  OnlineBadge,
  TelemetryExtra,
} from '../components/device-cells.js';
import { formatDate, formatTime } from '../../../lib/format.js';
import { DeviceSettings } from '../components/device-settings.js';
import { useFaultReportColumns } from '../components/fault-columns.js';
import { RecordState } from '../../../components/record-state.js';
import { useLiveRefresh } from '../../../lib/live-events.js';
import { useRecordId } from '../../../lib/page-context.js';
import { faultRecordsLink } from '../rules/fault-search.js';

// The charts library is a large bundle: loaded when a device detail shows its history, not with the app.
const DeviceHistoryChart = lazy(() =>
  import('../components/device-history-chart.js').then((m) => ({ default: m.DeviceHistoryChart })),
);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="lg" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

function DeviceInfo({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  return (
    <DetailView
      columns={3}
      items={[
        {
          label: t('devices.fields.picture'),
          value: device.pictureFileCode ? (
            <Image
              src={fileUrl(device.pictureFileCode)}
              w={160}
              h={120}
              fit="contain"
              radius="sm"
              data-testid="device-picture"
            />
          ) : null,
          wide: true,
        },
        { label: t('devices.fields.sn'), value: device.sn, testId: 'detail-sn' },
        { label: t('devices.fields.subModel'), value: device.subModel },
        { label: t('devices.fields.subBrand'), value: device.subBrandName ?? device.subBrandCode },
        { label: t('devices.fields.product'), value: device.productName ?? device.productCode },
        { label: t('devices.fields.activatedAt'), value: formatDate(device.activatedAt) },
        {
          label: t('devices.fields.online'),
          value: <OnlineBadge online={device.online} />,
          testId: 'detail-online',
        },
        { label: t('devices.fields.ip'), value: device.ip, testId: 'detail-ip' },
        { label: t('devices.fields.lastConnectAt'), value: formatTime(device.lastConnectAt, true) },
        { label: t('devices.fields.network'), value: networkLabel(device.network) },
        {
          label: t('devices.fields.currentMode'),
          value: deviceModeLabel(device.currentMode),
          testId: 'detail-mode',
        },
        { label: t('devices.fields.apkVersion'), value: device.apkVersion, testId: 'detail-apk' },
        { label: t('devices.fields.mcuVersion'), value: device.mcuVersion },
        { label: t('devices.fields.tpVersion'), value: device.tpVersion },
        {
          label: t('devices.fields.inactivityTimeout'),
          value: t(
            device.ownInactivityTimeout ? 'devices.detail.timeoutOwn' : 'devices.detail.timeoutBrand',
            {
              seconds: device.inactivityTimeoutSeconds,
            },
          ),
          testId: 'detail-timeout',
        },
        {
          label: t('devices.fields.credential'),
          value: (
            <Badge
              color={device.credentialActive ? 'green' : 'red'}
              variant="light"
              data-testid="detail-credential"
            >
              {device.credentialActive ? t('devices.credential.active') : t('devices.credential.revoked')}
            </Badge>
          ),
        },
        {
          label: t('devices.fields.testDevice'),
          value: device.isTestDevice ? t('devices.yes') : t('devices.no'),
        },
      ]}
    />
  );
}

function UserInfo({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const user = device.user;
  if (!user)
    return (
      <Text size="sm" c="dimmed" data-testid="detail-no-user">
        {t('devices.detail.noUser')}
      </Text>
    );
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap">
      <Avatar
        src={user.avatarUrl}
        size={72}
        radius="xl"
        alt={t('devices.user.avatar')}
        data-testid="user-avatar"
      >
        {(user.nickname ?? user.account).slice(0, 1).toUpperCase()}
      </Avatar>
      <div style={{ flex: 1 }}>
        <DetailView
          columns={3}
          items={[
            { label: t('devices.user.account'), value: user.account, testId: 'user-account' },
            { label: t('devices.user.nickname'), value: user.nickname, testId: 'user-nickname' },
            { label: t('devices.user.region'), value: user.regionName ?? user.region, testId: 'user-region' },
            { label: t('devices.user.registeredAt'), value: formatTime(user.registeredAt) },
            {
              label: t('devices.user.gender'),
              value: user.gender ? t(`devices.gender.${user.gender}`) : null,
              testId: 'user-gender',
            },
            { label: t('devices.user.age'), value: user.age, testId: 'user-age' },
          ]}
        />
      </div>
    </Group>
  );
}

/** A table inside a section: its records, borderless, and short with what it says when there are none. */
const sectionTable = <T,>(records: T[], noRecordsText: string) => ({
  withTableBorder: false,
  minHeight: records.length ? undefined : 120,
  records,
  noRecordsText,
});

function Telemetry({ samples }: { samples: TelemetrySample[] }) {
  const { t } = useTranslation();
  return (
    <DataTable<TelemetrySample>
      {...sectionTable(samples, t('devices.detail.noTelemetry'))}
      idAccessor="messageId"
      data-testid="telemetry-table"
      columns={[
        {
          accessor: 'sampledAt',
          title: t('devices.detail.sampledAt'),
          render: (s) => formatTime(s.sampledAt, true),
        },
        { accessor: 'network', title: t('devices.fields.network'), render: (s) => networkLabel(s.network) },
        { accessor: 'ip', title: t('devices.fields.ip') },
        { accessor: 'mode', title: t('devices.detail.mode'), render: (s) => deviceModeLabel(s.mode) },
        { accessor: 'apkVersion', title: t('devices.fields.apkVersion') },
        { accessor: 'mcuVersion', title: t('devices.fields.mcuVersion') },
        { accessor: 'tpVersion', title: t('devices.fields.tpVersion') },
        {
          accessor: 'extra',
          title: t('devices.detail.extra'),
          render: (s) => <TelemetryExtra extra={s.extra} />,
        },
      ]}
    />
  );
}

function Faults({ faults }: { faults: FaultRecord[] }) {
  const { t } = useTranslation();
  const reportColumns = useFaultReportColumns();
  return (
    <DataTable<FaultRecord>
      {...sectionTable(faults, t('devices.detail.noFaults'))}
      idAccessor="id"
      columns={[
        ...reportColumns,
        {
          accessor: 'errorLog',
          title: t('devices.faults.errorLog'),
          render: (f) => <ErrorLogButton sn={f.sn} log={f.errorLog} />,
        },
      ]}
    />
  );
}

/** §2 /device-info-detail?id=…: the device, its picture, its bound user, recent telemetry and faults. */
export function DeviceInfoDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const detail = useQuery({ ...deviceDetailQuery(id ?? ''), enabled: !!id });
  useLiveRefresh('device', [...DEVICES_KEY, 'detail', id ?? ''], id ?? '');
  const revoke = useRevokeCredential();
  const remove = useDeleteDevices();
  return (
    <RecordState id={id} query={detail} notFound={t('messages.deviceNotFound')}>
      {(device) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="sm">
              <Title order={4} data-testid="device-title">
                {device.sn}
              </Title>
              <OnlineBadge online={device.online} />
            </Group>
            <Can permission="device.edit">
              <Group gap="xs">
                <ConfirmButton
                  kind="revoke"
                  variant="light"
                  color="orange"
                  disabled={!device.credentialActive}
                  data-testid="device-revoke"
                  onConfirm={() => revoke.mutateAsync([device.id])}
                >
                  {t('devices.detail.revoke')}
                </ConfirmButton>
                <ConfirmButton
                  kind="delete"
                  variant="light"
                  color="red"
                  data-testid="device-delete"
                  onConfirm={async () => {
                    await remove.mutateAsync([device.id]);
                    await navigate({ to: '/device-info-list' });
                  }}
                >
                  {t('common.delete')}
                </ConfirmButton>
              </Group>
            </Can>
          </Group>
          <DeviceInfo device={device} />
          <Can permission="device.edit">
            <DeviceSettings key={device.id} device={device} />
          </Can>
          <Section title={t('devices.detail.user')} testId="device-user">
            <UserInfo device={device} />
          </Section>
          <Section title={t('devices.history.title')} testId="device-history-section">
            <Suspense fallback={<Skeleton height={260} />}>
              <DeviceHistoryChart deviceId={device.id} />
            </Suspense>
          </Section>
          <Section title={t('devices.detail.telemetry')} testId="device-telemetry">
            <Telemetry samples={device.telemetry} />
          </Section>
          <Section title={t('devices.detail.faults')} testId="device-faults">
            <Faults faults={device.faults} />
            <AnchorLink size="sm" {...faultRecordsLink({ sn: device.sn })} data-testid="device-all-faults">
              {t('devices.detail.allFaults')}
            </AnchorLink>
          </Section>
        </Stack>
      )}
    </RecordState>
  );
}
