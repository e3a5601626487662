import {
  NOTICE_PUSH_MODES,
  NOTICE_TARGET_KINDS,
  noticeInputSchema,
  type Notice,
  type NoticeAccounts,
  type NoticeInput,
} from '@kb/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm.js';
import { FileUpload } from '../../../components/file-upload.js';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateError } from '../../../lib/translate.js';
import { usePermissions } from '../../../lib/use-can.js';
import { readAccounts, saveNotice } from '../api/notice-commands.js';
import { useModelOptions, useNoticeLanguages, useRegionOptions } from '../api/notice-references.js';
import { NOTICES_KEY } from '../api/notices-key.js';
import { FieldInput } from '../../../components/field-input.js';

export type NoticeFormValues = NoticeInput & { pushAfterSave: boolean } & Record<string, unknown>;

export function noticeFormValues(notice?: Notice): NoticeFormValues {
  return {
    label: notice?.label ?? '',
    texts: notice?.texts ?? [],
    pushMode: notice?.pushMode ?? 'now',
    pushAt: notice?.pushMode === 'timer' ? notice.pushAt : null,
    targetKind: notice?.targets.kind ?? 'all',
    regionCodes: notice?.targets.regionCodes ?? [],
    productCodes: notice?.targets.productCodes ?? [],
    userFileCode: notice?.targets.userFileCode ?? null,
    pushAfterSave: false,
  };
}

/** The local time a `datetime-local` input shows for an ISO time, and back. */
const toLocalInput = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm:ss') : '';
const fromLocalInput = (value: string) => (value ? dayjs(value).toISOString() : null);

function AccountsSummary({ summary }: { summary: NoticeAccounts | null }) {
  const { t } = useTranslation();
  if (!summary) return null;
  return (
    <Stack gap={4} data-testid="accounts-summary">
      <Text size="sm">{t('notices.form.listSummary', { name: summary.fileName, known: summary.known })}</Text>
      {summary.unknownCount > 0 && (
        <Alert color="orange" p="xs" data-testid="unknown-accounts">
          {t('notices.form.unknownAccounts', {
            count: summary.unknownCount,
            accounts: summary.unknown.join(', ') + (summary.unknownCount > summary.unknown.length ? '…' : ''),
          })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The notice form of /inform-add and /inform-edit: label, title and content per brand language, push mode and
 * timer time, and who receives it (all devices, regions, models, or an uploaded list of app accounts, whose
 * unknown accounts are named). "Push after saving" asks the §8 push confirmation first.
 */
export function NoticeForm({
  notice,
  onSaved,
  onCancel,
}: {
  notice?: Notice;
  onSaved: (saved: Notice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const queryClient = useQueryClient();
  const languages = useNoticeLanguages();
  const models = useModelOptions();
  const regions = useRegionOptions();
  const form = useSchemaForm<NoticeFormValues>(noticeInputSchema, {
    initialValues: noticeFormValues(notice),
  });
  const [accounts, setAccounts] = useState<NoticeAccounts | null>(
    notice?.targets.userFileCode
      ? {
          fileName: notice.targets.userFileName ?? '',
          known: notice.targets.userCount,
          unknown: notice.targets.unknownAccounts,
          unknownCount: notice.targets.unknownCount,
        }
      : null,
  );
  // A new notice starts with the brand's main language.
  const main = languages[0]?.langCode;
  useEffect(() => {
    if (!notice && main && form.values.texts.length === 0) {
      form.setInitialValues({ ...form.values, texts: [{ lang: main, title: '', content: '' }] });
      form.setFieldValue('texts', [{ lang: main, title: '', content: '' }]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the languages arrive
  }, [main]);

  const values = form.values;
  const unused = languages.filter((l) => !values.texts.some((x) => x.lang === l.langCode));
  const textsError = form.errors.texts;

  const submit = async (v: NoticeFormValues) => {
    const { pushAfterSave, ...input } = v;
    if (pushAfterSave && !(await confirmAction('push'))) return;
    const body = { ...input, pushAt: input.pushMode === 'timer' ? input.pushAt : null };
    const saved = notice
      ? await saveNotice('update', { ...body, id: notice.id, version: notice.version })
      : await saveNotice(pushAfterSave ? 'addAndPush' : 'add', body);
    await queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
    onSaved(saved);
  };

  return (
    <FormPage form={form} onSubmit={submit} onCancel={onCancel} maw={860}>
      <FieldInput form={form} name="label" label={t('notices.fields.label')} required />
      <Input.Wrapper
        label={t('notices.fields.content')}
        withAsterisk
        error={textsError ? translateError(textsError) : undefined}
      >
        <Stack gap="sm" mt={4}>
          {values.texts.map((text, i) => (
            <Paper key={text.lang} withBorder p="sm" radius="sm" data-testid={`text-${text.lang}`}>
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={500}>
                  {languages.find((l) => l.langCode === text.lang)?.langName ?? text.lang}
                </Text>
                {values.texts.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('notices.form.removeLanguage')}
                    onClick={() => form.removeListItem('texts', i)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                )}
              </Group>
              <TextInput
                label={t('notices.fields.title')}
                withAsterisk
                data-testid={`field-title-${text.lang}`}
                {...form.getInputProps(`texts.${i}.title`)}
              />
              <Textarea
                label={t('notices.fields.content')}
                withAsterisk
                autosize
                minRows={3}
                data-testid={`field-content-${text.lang}`}
                {...form.getInputProps(`texts.${i}.content`)}
              />
            </Paper>
          ))}
          {unused.length > 0 && (
            <Select
              w={240}
              placeholder={t('notices.form.addLanguage')}
              leftSection={<IconPlus size={14} />}
              data={unused.map((l) => ({ value: l.langCode, label: l.langName }))}
              value={null}
              onChange={(lang) => lang && form.insertListItem('texts', { lang, title: '', content: '' })}
              data-testid="add-language"
            />
          )}
        </Stack>
      </Input.Wrapper>
      <Input.Wrapper label={t('notices.fields.pushMode')} withAsterisk>
        <div>
          <SegmentedControl
            data={NOTICE_PUSH_MODES.map((m) => ({ value: m, label: t(`notices.pushMode.${m}`) }))}
            value={values.pushMode}
            onChange={(m) => form.setFieldValue('pushMode', m as NoticeInput['pushMode'])}
            data-testid="field-push-mode"
          />
        </div>
      </Input.Wrapper>
      {values.pushMode === 'timer' && (
        <TextInput
          type="datetime-local"
          step={1}
          label={t('notices.fields.timerAt')}
          withAsterisk
          w={260}
          data-testid="field-push-at"
          value={toLocalInput(values.pushAt)}
          onChange={(e) => form.setFieldValue('pushAt', fromLocalInput(e.currentTarget.value))}
          error={form.errors.pushAt ? translateError(form.errors.pushAt) : undefined}
        />
      )}
      <Input.Wrapper label={t('notices.fields.targets')} withAsterisk>
        <div>
          <SegmentedControl
            data={NOTICE_TARGET_KINDS.map((k) => ({ value: k, label: t(`notices.target.${k}`) }))}
            value={values.targetKind}
            onChange={(k) => form.setFieldValue('targetKind', k as NoticeInput['targetKind'])}
            data-testid="field-target-kind"
          />
        </div>
      </Input.Wrapper>
      {values.targetKind === 'regions' && (
        <MultiSelect
          label={t('notices.fields.regions')}
          withAsterisk
          searchable
          data={regions}
          data-testid="field-regions"
          {...form.getInputProps('regionCodes')}
        />
      )}
      {values.targetKind === 'models' && (
        <MultiSelect
          label={t('notices.fields.models')}
          withAsterisk
          searchable
          data={models}
          data-testid="field-models"
          {...form.getInputProps('productCodes')}
        />
      )}
      {values.targetKind === 'users' && (
        <Input.Wrapper
          label={t('notices.fields.users')}
          withAsterisk
          error={form.errors.userFileCode ? translateError(form.errors.userFileCode) : undefined}
        >
          <Stack gap={6} mt={4}>
            <Group gap="md">
              <FileUpload
                buttonLabel={t('notices.form.uploadList')}
                accept=".csv,.xlsx"
                purposeOf={() => 'list'}
                value={values.userFileCode ?? null}
                onChange={(code) => {
                  form.setFieldValue('userFileCode', code);
                  setAccounts(null);
                  // A list the server refuses (bad rows, unreadable) says why under the field, in the user's
                  // language, and is not kept: saving it would be refused the same way.
                  if (code)
                    void readAccounts(code).then(setAccounts, (error: unknown) => {
                      form.setFieldValue('userFileCode', null);
                      if (error instanceof ApiError) form.setFieldError('userFileCode', error.desc);
                    });
                }}
                uploadedLabel={accounts?.fileName || t('notices.form.listUploaded')}
                removeLabel={t('notices.form.removeList')}
                testId="field-users"
                buttonTestId="upload-users"
              />
              <Anchor size="xs" href="/api/common/downloadImportAccountTpl?fileName=notice-custom-users.csv">
                {t('notices.form.template')}
              </Anchor>
            </Group>
            <AccountsSummary summary={accounts} />
          </Stack>
        </Input.Wrapper>
      )}
      {!notice && can('notice.push') && (
        <Checkbox
          label={t('notices.form.pushAfterSave')}
          description={t('notices.form.pushAfterSaveHint')}
          data-testid="field-push-after-save"
          {...form.getInputProps('pushAfterSave', { type: 'checkbox' })}
        />
      )}
    </FormPage>
  );
}
