import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link.js';
import { Can } from '../../../components/can.js';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { DetailView } from '../../../components/detail-view.js';
import { testDeviceDetailQuery, useDeleteTestDevices } from '../api/test-devices.js';
import { OnlineBadge } from '../components/device-cells.js';
import { formatTime } from '../../../lib/format.js';
import { RecordState } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';

/** §2 /test-device-detail?id=…: one member of the test device group. */
export function TestDeviceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const detail = useQuery({ ...testDeviceDetailQuery(id ?? ''), enabled: !!id });
  const remove = useDeleteTestDevices();
  return (
    <RecordState id={id} query={detail}>
      {(d) => (
        <Stack gap="md">
          <Can permission="testDevice.edit">
            <Group justify="flex-end" gap="xs">
              <Button
                size="xs"
                variant="light"
                data-testid="test-device-edit"
                onClick={() => void navigate({ to: '/test-device-edit', search: { id: d.id } })}
              >
                {t('common.edit')}
              </Button>
              <ConfirmButton
                kind="delete"
                variant="light"
                color="red"
                data-testid="test-device-delete"
                onConfirm={async () => {
                  await remove.mutateAsync([d.id]);
                  await navigate({ to: '/test-device-list' });
                }}
              >
                {t('common.delete')}
              </ConfirmButton>
            </Group>
          </Can>
          <DetailView
            columns={3}
            items={[
              {
                label: t('devices.fields.sn'),
                value: (
                  <AnchorLink
                    size="sm"
                    to="/device-info-detail"
                    search={{ id: d.deviceId }}
                    data-testid="test-device-device"
                  >
                    {d.sn}
                  </AnchorLink>
                ),
                testId: 'detail-sn',
              },
              { label: t('devices.fields.subModel'), value: d.subModel },
              { label: t('devices.fields.subBrand'), value: d.subBrandName },
              { label: t('devices.fields.product'), value: d.productName ?? d.productCode },
              { label: t('devices.fields.apkVersion'), value: d.apkVersion },
              { label: t('devices.fields.online'), value: <OnlineBadge online={d.online} /> },
              { label: t('devices.fields.lastConnectAt'), value: formatTime(d.lastConnectAt, true) },
              { label: t('devices.test.createdAt'), value: formatTime(d.createdAt) },
              { label: t('devices.test.createdBy'), value: d.createdBy },
              { label: t('devices.test.remark'), value: d.remark, wide: true, testId: 'detail-remark' },
            ]}
          />
        </Stack>
      )}
    </RecordState>
  );
}
