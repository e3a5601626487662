import { testDeviceInputSchema, type TestDevice } from '@kb/contracts';
import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '../../../components/conflict-alert.js';
import { FieldTextarea } from '../../../components/field-input.js';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { ApiError } from '../../../lib/api-client.js';
import { deviceChoicesQuery, useSaveTestDevice } from '../api/test-devices.js';

interface TestDeviceValues extends Record<string, unknown> {
  sn: string;
  remark: string;
}

/**
 * The test device form (add and edit): a device of the brand by its SN (suggested as you type) and a remark.
 * The API refuses an SN the brand does not have or one already in the group, under the SN field.
 */
export function TestDeviceForm({
  record,
  onReload,
}: {
  record?: TestDevice;
  onReload?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveTestDevice();
  const [conflict, setConflict] = useState(false);
  const form = useSchemaForm<TestDeviceValues>(testDeviceInputSchema, {
    initialValues: { sn: record?.sn ?? '', remark: record?.remark ?? '' },
  });
  const [keyword] = useDebouncedValue(form.values.sn.trim(), 250);
  const choices = useQuery({ ...deviceChoicesQuery(keyword), enabled: keyword.length > 0 });
  return (
    <FormPage
      form={form}
      onCancel={() => void navigate({ to: '/test-device-list' })}
      onSubmit={async (v) => {
        const input = { sn: v.sn.trim(), remark: v.remark.trim() };
        try {
          await save.mutateAsync(record ? { ...input, id: record.id, version: record.version } : input);
        } catch (error) {
          if (error instanceof ApiError && error.status === 409 && error.code === 'conflict')
            setConflict(true);
          throw error;
        }
        await navigate({ to: '/test-device-list' });
      }}
    >
      {conflict && onReload && <ConflictAlert onReload={onReload} />}
      <Autocomplete
        label={t('devices.fields.sn')}
        placeholder={t('devices.test.snPlaceholder')}
        withAsterisk
        data={[...new Set((choices.data ?? []).map((d) => d.sn))]}
        data-testid="field-sn"
        {...form.getInputProps('sn')}
      />
      <FieldTextarea form={form} name="remark" label={t('devices.test.remark')} minRows={2} maxLength={200} />
    </FormPage>
  );
}
