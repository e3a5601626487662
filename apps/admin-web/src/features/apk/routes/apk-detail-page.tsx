import type { ApkContent, ApkDetail, ApkPicture } from '@kb/contracts';
import type { TFunction } from 'i18next';
import { APK_PICTURE_PURPOSE, APK_PICTURES } from '@kb/contracts';
import { Anchor, Group, Image, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailView, type DetailItem } from '../../../components/detail-view.js';
import { StreamHistory } from '../../../components/history-timeline.js';
import { RecordState } from '../../../components/record-state.js';
import { apkDetailQuery, apkHistoryQuery, fileUrl } from '../api/apk-detail.js';
import { APK_KEY } from '../api/apk-read-position.js';
import { formatSize, formatTime, ReleaseBadge, ReviewBadge, TestBadge } from '../components/apk-cells.js';
import { useRecordId } from '../../../lib/page-context.js';
import { ApkRowActions } from '../components/apk-row-actions.js';

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

const STATUS_FIELDS = new Set(['reviewStatus', 'testStatus', 'releaseStatus']);
const FILE_FIELDS = new Set<string>([...APK_PICTURES, 'apkFileCode']);

/** One changed field of a history entry: its name, and the value before and after, in the user's words. */
function ChangeLine({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const label = (APK_PICTURES as readonly string[]).includes(field)
    ? t(`apk.pictures.${field as ApkPicture}`)
    : t(`apk.fields.${field === 'apkFileCode' ? 'apkFile' : field}`, { defaultValue: field });
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('apk.detail.none');
    // A file is named by a code nobody reads: say that one was there.
    if (FILE_FIELDS.has(field)) return t('apk.detail.file');
    if (STATUS_FIELDS.has(field) && typeof value === 'string')
      return t(`apk.${field as 'reviewStatus'}.${value as 'created'}`, { defaultValue: value });
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };
  return (
    <Text size="xs" data-testid="history-change">
      <Text span fw={600}>
        {label}
      </Text>
      {`: ${show(before)} → ${show(after)}`}
    </Text>
  );
}

function History({ id }: { id: string }) {
  const { t } = useTranslation();
  const history = useQuery(apkHistoryQuery(id));
  if (!history.data) return <Loader size="sm" />;
  return (
    <StreamHistory
      entries={history.data.entries}
      status={({ state }) =>
        [
          t(`apk.reviewStatus.${state.reviewStatus}`),
          t(`apk.testStatus.${state.testStatus}`),
          t(`apk.releaseStatus.${state.releaseStatus}`),
        ].join(' · ')
      }
      reason={(entry) => (entry.type === 'ApkReturned' ? entry.state.returnReason : null)}
      renderChange={(change) => <ChangeLine {...change} />}
      stateTitle={t('apk.detail.stateAsOf')}
      stateItems={({ state }) => [
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
