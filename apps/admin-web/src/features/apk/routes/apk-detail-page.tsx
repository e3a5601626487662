import type { ApkContent, ApkDetail, AuditNames } from '@kb/contracts';
import type { TFunction } from 'i18next';
import { APK_PICTURE_PURPOSE, APK_PICTURES } from '@kb/contracts';
import { Anchor, Group, Image, Stack, Tabs } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailView, type DetailItem } from '../../../components/detail-view.js';
import { AuditHistory } from '../../../components/history/audit-history.js';
import type { ApkAuditState } from '../../../components/history/audit-states.js';
import { RecordState } from '../../../components/record-state.js';
import { apkDetailQuery, fileUrl } from '../api/apk-detail.js';
import { APK_KEY } from '../api/apk-read-position.js';
import { formatSize, formatTime, ReleaseBadge, ReviewBadge, TestBadge } from '../components/apk-cells.js';
import { useRecordId } from '../../../lib/page-context.js';
import { ApkRowActions } from '../components/apk-row-actions.js';
import { RolloutPanel } from '../components/rollout-panel.js';

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
function contentItems(content: ApkContent, t: TFunction): DetailItem[] {
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

function pictureItems(content: ApkContent, t: TFunction): DetailItem[] {
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

function History({ id }: { id: string }) {
  return (
    <AuditHistory<ApkAuditState>
      kind="apk"
      id={id}
      renderState={(state, names) => <ApkStateAsOf state={state} names={names} />}
    />
  );
}

/** §2 /apk-detail?id=…: one package read-only, its actions, and the History tab for auditors. */
export function ApkDetailPage() {
  const id = useRecordId();
  const detail = useQuery({ ...apkDetailQuery(id ?? ''), enabled: !!id });
  return (
    <RecordState id={id} query={detail}>
      {(apk) => <ApkDetailView apk={apk} />}
    </RecordState>
  );
}

function ApkDetailView({ apk }: { apk: ApkDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = apk.id;
  const by = (account: string | null, at: string | null): ReactNode =>
    at ? `${formatTime(at)}${account ? ` · ${account}` : ''}` : null;
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <ApkRowActions
          apk={apk}
          exclude={['detail']}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: APK_KEY })}
        />
      </Group>
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="info">{t('apk.detail.tabInfo')}</Tabs.Tab>
          <Tabs.Tab value="history" data-testid="tab-history">
            {t('apk.detail.tabHistory')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <Stack gap="md">
            {apk.reviewStatus === 'created' && <RolloutPanel apk={apk} />}
            <DetailView
              columns={3}
              items={[
                { label: t('apk.fields.subBrand'), value: apk.subBrandName ?? apk.subBrandCode },
                { label: t('apk.fields.subBrandCode'), value: apk.subBrandCode },
                { label: t('apk.fields.model'), value: apk.modelName ?? apk.productCode },
                {
                  label: t('apk.fields.reviewStatus'),
                  value: <ReviewBadge status={apk.reviewStatus} />,
                  testId: 'detail-review',
                },
                { label: t('apk.fields.testStatus'), value: <TestBadge status={apk.testStatus} /> },
                {
                  label: t('apk.fields.releaseStatus'),
                  value: <ReleaseBadge status={apk.releaseStatus} />,
                  testId: 'detail-release',
                },
                { label: t('apk.fields.installedCount'), value: apk.installedCount },
                { label: t('apk.fields.createdAt'), value: by(apk.createdBy, apk.createdAt) },
                { label: t('apk.fields.appliedAt'), value: by(apk.submittedBy, apk.appliedAt) },
                { label: t('apk.fields.auditedBy'), value: by(apk.auditedBy, apk.auditedAt) },
                { label: t('apk.fields.releasedAt'), value: formatTime(apk.releasedAt) },
                { label: t('apk.fields.returnedAt'), value: formatTime(apk.returnedAt) },
                {
                  label: t('apk.fields.returnReason'),
                  value: apk.returnReason,
                  wide: true,
                  testId: 'detail-return-reason',
                },
                ...contentItems(apk.content, t),
              ]}
            />
            <DetailView columns={4} items={pictureItems(apk.content, t)} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <History id={id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
