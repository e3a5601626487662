import {
  APK_PICTURE_PURPOSE,
  APK_PICTURES,
  type ApkCommandAnswer,
  type ApkContentInput,
  type ApkPicture,
} from '@kb/contracts';
import { Badge, Box, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm.js';
import { useConfirmLeave } from '../../../components/confirm-leave.js';
import { ImageUpload } from '../../../components/image-upload.js';
import { PendingUploads, usePendingUploads } from '../../../components/pending-uploads.js';
import { SaveSubmitBar, useOfferReload } from '../../../components/save-submit-bar.js';
import { applyServerErrors, useAppForm } from '../../../components/use-app-form.js';
import { ApiError } from '../../../lib/api-client.js';
import { usePageDirty } from '../../../lib/page-context.js';
import { saveApk, submitApk } from '../api/apk-commands.js';
import { fileUrl } from '../api/apk-detail.js';
import { APK_KEY } from '../api/apk-read-position.js';
import { useSubBrandModelOptions, useSubBrandOptions } from '../../../lib/lookups.js';
import { lastSubmitQuery } from '../api/apk-references.js';
import { formatSize, formatTime } from '../../../lib/format.js';
import { FileField } from './file-field.js';
import { FieldTextarea } from '../../../components/field-input.js';
import { FormSection } from '../../../components/form-section.js';

/** The form's values: the content of `apkContentSchema` with every text present and files as codes or null. */
export type ApkFormValues = {
  subBrandCode: string;
  productCode: string;
  versionNumber: string;
  apkVersion: string;
  parentVersion: string;
  updateNotes: string;
  branchPackage: string;
  apkFileCode: string | null;
  modeName: string;
} & Record<ApkPicture, string | null>;

export function emptyApkValues(): ApkFormValues {
  return {
    subBrandCode: '',
    productCode: '',
    versionNumber: '',
    apkVersion: '',
    parentVersion: '',
    updateNotes: '',
    branchPackage: '',
    apkFileCode: null,
    modeName: '',
    ...(Object.fromEntries(APK_PICTURES.map((p) => [p, null])) as Record<ApkPicture, null>),
  };
}

export function valuesOf(content: ApkContentInput): ApkFormValues {
  const empty = emptyApkValues();
  return Object.fromEntries(
    Object.entries(empty).map(([key, fallback]) => [
      key,
      (content as Record<string, unknown>)[key] ?? fallback,
    ]),
  ) as ApkFormValues;
}

/** What the edit page loaded: the package's id and the revision a save goes over. */
export interface ApkFormRecord {
  id: string;
  revision: number;
  fileSize: number | null;
}

/** Picks the previous submission's versions up (`lastSubmitVersionInfo`) once sub-brand and model are chosen. */
function LastSubmission({
  subBrandCode,
  productCode,
  self,
  onUse,
}: {
  subBrandCode: string;
  productCode: string;
  /** The package being edited: its own submission is no model for it. */
  self?: string;
  onUse: (info: { versionNumber: string; apkVersion: string; branchPackage: string }) => void;
}) {
  const { t } = useTranslation();
  const last = useQuery(lastSubmitQuery(subBrandCode, productCode));
  if (!subBrandCode || !productCode || last.isPending || (self && last.data?.id === self)) return null;
  if (!last.data)
    return (
      <Text size="xs" c="dimmed" data-testid="last-submit-none">
        {t('apk.form.noLastSubmit')}
      </Text>
    );
  const info = last.data;
  return (
    <Group gap="sm" data-testid="last-submit">
      <Text size="xs" c="dimmed">
        {t('apk.form.lastSubmit', {
          version: info.versionNumber,
          apkVersion: info.apkVersion,
          status: t(`apk.reviewStatus.${info.reviewStatus}`),
          date: formatTime(info.appliedAt),
        })}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconHistory size={12} />}
        onClick={() => onUse(info)}
        data-testid="use-last-submit"
      >
        {t('apk.form.useLastSubmit')}
      </Button>
    </Group>
  );
}

/**
 * The APK package form of /apk-add and /apk-edit: every §3 field and the §5 pictures, each uploaded on its own.
 * Save keeps a draft (it needs its sub-brand, model and version number, §5); "save and submit" asks the API to
 * submit, which refuses an incomplete package with an error under each missing field. An edit saves over the
 * revision it loaded: a 409 says the package changed and offers a reload.
 */
export function ApkForm({
  initial,
  record,
  onSaved,
  onReload,
  notice,
}: {
  /** Shown above the form (e.g. why the package was returned). */
  notice?: ReactNode;
  initial: ApkFormValues;
  record?: ApkFormRecord;
  onSaved: (answer: ApkCommandAnswer, submitted: boolean) => void;
  onReload?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useAppForm<ApkFormValues>({ initialValues: initial });
  const uploads = usePendingUploads();
  const offerReload = useOfferReload();
  const [failure, setFailure] = useState<string | null>(null);
  // A save that went through before its submission was refused moved the package on: later saves go over it.
  const [revision, setRevision] = useState(record?.revision);
  usePageDirty(form.isDirty());
  const { leaveFreely } = useConfirmLeave(form.isDirty());
  const values = form.getValues();
  const subBrands = useSubBrandOptions();
  const models = useSubBrandModelOptions(values.subBrandCode || null);

  const send = async (submit: boolean) => {
    // §8: submitting for review is asked first (a plain save is not).
    if (submit && !(await confirmAction('submitAudit'))) return;
    setFailure(null);
    form.clearErrors();
    const content = form.getValues();
    try {
      let answer: ApkCommandAnswer;
      if (!record) answer = await saveApk(submit ? 'addAndApproval' : 'add', content);
      else {
        answer = await saveApk('update', { ...content, id: record.id, revision });
        setRevision(answer.revision);
        if (submit) answer = await submitApk(record.id, answer.revision);
      }
      form.resetDirty();
      void queryClient.invalidateQueries({ queryKey: APK_KEY });
      await leaveFreely(() => onSaved(answer, submit));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && record) {
        offerReload({
          message: t('apk.form.conflict'),
          reloadLabel: t('apk.form.reload'),
          testId: 'apk',
          onReload: () => onReload?.(),
        });
      } else if (error instanceof ApiError) {
        applyServerErrors(form, error);
        setFailure(error.desc);
      }
    }
  };

  const picture = (field: ApkPicture) =>
    APK_PICTURE_PURPOSE[field] === 'video' ? (
      <FileField
        key={field}
        label={t(`apk.pictures.${field}`)}
        purpose="video"
        accept="video/mp4"
        buttonLabel={t('apk.form.uploadVideo')}
        value={values[field]}
        onChange={(code) => form.setFieldValue(field, code)}
        required
        error={form.errors[field]}
        testId={`field-${field}`}
      />
    ) : (
      <Box key={field} data-testid={`field-${field}`}>
        <ImageUpload
          label={t(`apk.pictures.${field}`)}
          max={1}
          required
          value={values[field] ? [{ fileCode: values[field], url: fileUrl(values[field]) }] : []}
          onChange={(images) => form.setFieldValue(field, images[0]?.fileCode ?? null)}
          error={form.errors[field]}
        />
      </Box>
    );

  return (
    <PendingUploads report={uploads.report}>
      <Stack gap="md" maw={1100}>
        {notice}
        <Text size="sm" c="dimmed">
          {t('apk.form.requiredHint')}
        </Text>
        <FormSection title={t('apk.form.identity')}>
          <Stack gap="xs">
            <Group align="flex-start" gap="md" wrap="wrap">
              <Select
                label={t('apk.fields.subBrand')}
                data={subBrands}
                required
                w={260}
                {...form.getInputProps('subBrandCode')}
                value={values.subBrandCode || null}
                onChange={(v) => {
                  form.setFieldValue('subBrandCode', v ?? '');
                  form.setFieldValue('productCode', '');
                }}
                data-testid="field-subBrandCode"
              />
              <Select
                label={t('apk.fields.model')}
                data={models}
                required
                w={260}
                {...form.getInputProps('productCode')}
                value={values.productCode || null}
                onChange={(v) => form.setFieldValue('productCode', v ?? '')}
                data-testid="field-productCode"
              />
            </Group>
            <LastSubmission
              subBrandCode={values.subBrandCode}
              productCode={values.productCode}
              self={record?.id}
              onUse={(info) => {
                form.setFieldValue('parentVersion', info.versionNumber);
                form.setFieldValue('apkVersion', info.apkVersion);
                form.setFieldValue('branchPackage', info.branchPackage);
              }}
            />
          </Stack>
        </FormSection>

        <FormSection title={t('apk.form.version')}>
          <Stack gap="sm">
            <Group align="flex-start" gap="md" wrap="wrap">
              {(['versionNumber', 'apkVersion', 'parentVersion', 'branchPackage'] as const).map((field) => (
                <TextInput
                  key={field}
                  label={t(`apk.fields.${field}`)}
                  required={field === 'versionNumber'}
                  w={220}
                  {...form.getInputProps(field)}
                  data-testid={`field-${field}`}
                />
              ))}
            </Group>
            <FieldTextarea form={form} name="updateNotes" label={t('apk.fields.updateNotes')} minRows={2} />
            <FileField
              label={t('apk.fields.apkFile')}
              purpose="apk"
              accept=".apk,application/vnd.android.package-archive"
              buttonLabel={t('apk.form.uploadApk')}
              value={values.apkFileCode}
              onChange={(code) => form.setFieldValue('apkFileCode', code)}
              error={form.errors.apkFileCode}
              description={
                record?.fileSize && values.apkFileCode === initial.apkFileCode ? (
                  <Badge variant="light" size="xs">
                    {t('apk.fields.fileSize')}: {formatSize(record.fileSize)}
                  </Badge>
                ) : undefined
              }
              testId="field-apkFileCode"
            />
          </Stack>
        </FormSection>

        <FormSection title={t('apk.form.pictures')}>
          <Stack gap="md">
            <TextInput
              label={t('apk.fields.modeName')}
              w={260}
              {...form.getInputProps('modeName')}
              data-testid="field-modeName"
            />
            <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
              {APK_PICTURES.map(picture)}
            </SimpleGrid>
          </Stack>
        </FormSection>

        <SaveSubmitBar
          onSave={() => send(false)}
          onSubmit={() => send(true)}
          saveLabel={t('apk.form.save')}
          submitLabel={t('apk.form.saveAndSubmit')}
          testIds={{ save: 'apk-save', submit: 'apk-save-submit', failure: 'apk-form-failure' }}
          failure={failure}
          pendingUploads={uploads.pending}
        />
      </Stack>
    </PendingUploads>
  );
}
