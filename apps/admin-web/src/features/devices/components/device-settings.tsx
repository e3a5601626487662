import type { DeviceDetail } from '@kb/contracts';
import { Button, Group, NumberInput, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateError } from '../../../lib/translate.js';
import { useUpdateDevice } from '../api/device-detail.js';
import { fileUrl } from '../api/devices-key.js';

/** What staff may change on a device: its picture and its own inactivity timeout (empty: the brand default). */
export function DeviceSettings({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const update = useUpdateDevice();
  const [picture, setPicture] = useState<UploadedImage[]>(
    device.pictureFileCode
      ? [{ fileCode: device.pictureFileCode, url: fileUrl(device.pictureFileCode) }]
      : [],
  );
  const [timeout, setTimeoutValue] = useState<number | string>(
    device.ownInactivityTimeout ? device.inactivityTimeoutSeconds : '',
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    setErrors({});
    try {
      await update.mutateAsync({
        id: device.id,
        pictureFileCode: picture[0]?.fileCode ?? null,
        inactivityTimeoutSeconds: timeout === '' ? null : Number(timeout),
      });
    } catch (error) {
      if (error instanceof ApiError) setErrors({ ...error.fieldErrors, form: error.desc });
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={5}>{t('devices.detail.settings')}</Title>
        <Group align="flex-start" gap="xl">
          <ImageUpload
            label={t('devices.detail.pictureHint')}
            value={picture}
            onChange={setPicture}
            max={1}
            error={errors.pictureFileCode}
          />
          <NumberInput
            label={t('devices.detail.timeoutLabel')}
            description={t('devices.detail.timeoutHint')}
            value={timeout}
            onChange={setTimeoutValue}
            min={30}
            max={7 * 24 * 3600}
            allowDecimal={false}
            w={260}
            error={
              errors.inactivityTimeoutSeconds ? translateError(errors.inactivityTimeoutSeconds) : undefined
            }
            data-testid="device-timeout"
          />
        </Group>
        <Group>
          <Button loading={update.isPending} onClick={() => void save()} data-testid="device-settings-save">
            {t('devices.detail.saveSettings')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
