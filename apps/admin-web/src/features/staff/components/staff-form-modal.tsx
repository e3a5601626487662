import { STAFF_ACCOUNT_RULE, STAFF_ROLES, type StaffRole, type StaffRow } from '@kb/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useAppForm } from '../../../components/use-app-form.js';
import { ApiError } from '../../../lib/api-client.js';
import { useInviteStaff, useUpdateStaff } from '../api/staff-accounts.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Which field an API refusal belongs under. */
const FIELD_OF_CODE: Record<string, string> = {
  staff_account_taken: 'account',
  staff_email_taken: 'email',
  staff_last_admin: 'role',
};

/** Invites a staff member (no `staff`) or edits one's name and role. */
export function StaffFormModal({ staff, onClose }: { staff: StaffRow | null | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = staff && staff !== 'new' ? staff : null;
  const invite = useInviteStaff();
  const update = useUpdateStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAppForm({
    initialValues: {
      account: editing?.account ?? '',
      email: editing?.email ?? '',
      name: editing?.name ?? '',
      role: (editing?.role ?? 'editor') as StaffRole,
    },
    validate: {
      account: (v) =>
        editing
          ? null
          : !v.trim()
            ? 'account_required'
            : STAFF_ACCOUNT_RULE.test(v.trim())
              ? null
              : 'staff_account_rule',
      email: (v) =>
        editing ? null : !v.trim() ? 'email_required' : EMAIL.test(v.trim()) ? null : 'email_invalid',
      name: (v) => (v.trim() ? null : 'staff_name_required'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, name: values.name.trim(), role: values.role });
      else
        await invite.mutateAsync({
          account: values.account.trim(),
          email: values.email.trim(),
          name: values.name.trim(),
          role: values.role,
        });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, FIELD_OF_CODE))
        setFailure(error instanceof ApiError ? error.desc : String(error));
    }
  });

  return (
    <Modal
      opened={staff !== null}
      onClose={onClose}
      title={t(editing ? 'staff.editTitle' : 'staff.inviteTitle')}
      data-testid="staff-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {!editing && (
            <Text size="sm" c="dimmed">
              {t('staff.inviteNote')}
            </Text>
          )}
          <TextInput
            label={t('staff.fields.account')}
            disabled={!!editing}
            withAsterisk={!editing}
            data-testid="staff-account"
            {...form.getInputProps('account')}
          />
          <TextInput
            label={t('staff.fields.email')}
            type="email"
            disabled={!!editing}
            withAsterisk={!editing}
            data-testid="staff-email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('staff.fields.name')}
            withAsterisk
            data-testid="staff-name"
            {...form.getInputProps('name')}
          />
          <Select
            label={t('staff.fields.role')}
            data={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            allowDeselect={false}
            withAsterisk
            data-testid="staff-role"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="staff-form-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('staff.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending || update.isPending} data-testid="staff-submit">
              {t(editing ? 'staff.save' : 'staff.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
