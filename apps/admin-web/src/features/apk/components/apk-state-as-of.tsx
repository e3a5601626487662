import type { ApkContent, AuditNames } from '@kb/contracts';
import { APK_PICTURE_PURPOSE, APK_PICTURES } from '@kb/contracts';
import { Anchor, Image, Stack } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DetailView, type DetailItem } from '../../../components/detail-view.js';
import type { ApkAuditState } from '../../../components/history/audit-states.js';
import { fileUrl } from '../api/apk-detail.js';
import { ReleaseBadge, ReviewBadge, TestBadge } from './apk-cells.js';
import { formatSize } from '../../../lib/format.js';

function FileView({ field, code }: { field: string; code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  if ((APK_PICTURE_PURPOSE as Record<string, string>)[field] === 'image')
    return <Image src={fileUrl(code)} w={140} h={100} fit="contain" radius="sm" />;
  if (field === 'bootVideo')
    return (
      <Stack gap={4}>
        <video src={fileUrl(code)} controls preload="metadata" width={180} data-testid="boot-video" />
        <Anchor size="xs" href={fileUrl(code)} target="_blank">
          {t('apk.detail.open')}
        </Anchor>
      </Stack>
    );
  return (
    <Anchor size="sm" href={fileUrl(code)} target="_blank">
      {t('apk.detail.download')}
    </Anchor>
  );
}

/** The content fields as label/value pairs (the info tab, and the state as of a history event). */
export function contentItems(content: ApkContent, t: TFunction): DetailItem[] {
  return [
    { label: t('apk.fields.versionNumber'), value: content.versionNumber, testId: 'detail-version' },
    { label: t('apk.fields.apkVersion'), value: content.apkVersion },
    { label: t('apk.fields.parentVersion'), value: content.parentVersion },
    { label: t('apk.fields.branchPackage'), value: content.branchPackage },
    { label: t('apk.fields.fileSize'), value: formatSize(content.fileSize) },
    {
      label: t('apk.fields.apkFile'),
      value: <FileView field="apkFileCode" code={content.apkFileCode} />,
    },
    { label: t('apk.fields.updateNotes'), value: content.updateNotes, wide: true },
    { label: t('apk.fields.modeName'), value: content.modeName },
  ];
}

export function pictureItems(content: ApkContent, t: TFunction): DetailItem[] {
  return APK_PICTURES.map((field) => ({
    label: t(`apk.pictures.${field}`),
    value: <FileView field={field} code={content[field]} />,
    testId: `detail-${field}`,
  }));
}

/** The package as of an event of its stream, in the info tab's layout (statuses first, then content and files). */
export function ApkStateAsOf({ state, names }: { state: ApkAuditState; names: AuditNames }) {
  const { t } = useTranslation();
  const { subBrandCode, productCode } = state.content;
  return (
    <Stack gap="md">
      <DetailView
        columns={3}
        items={[
          { label: t('apk.fields.subBrandCode'), value: subBrandCode },
          {
            label: t('apk.fields.model'),
            value: productCode ? (names.models[productCode] ?? productCode) : null,
          },
          {
            label: t('apk.fields.reviewStatus'),
            value: <ReviewBadge status={state.reviewStatus} />,
            testId: 'state-review',
          },
          { label: t('apk.fields.testStatus'), value: <TestBadge status={state.testStatus} /> },
          { label: t('apk.fields.releaseStatus'), value: <ReleaseBadge status={state.releaseStatus} /> },
          { label: t('apk.fields.returnReason'), value: state.returnReason },
          ...contentItems(state.content, t),
        ]}
      />
      <DetailView columns={4} items={pictureItems(state.content, t)} />
    </Stack>
  );
}
