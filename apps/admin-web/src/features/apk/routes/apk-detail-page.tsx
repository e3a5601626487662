import type { ApkDetail } from '@kb/contracts';
import { Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailTabs } from '../../../components/detail-tabs.js';
import { DetailView } from '../../../components/detail-view.js';
import { AuditHistory } from '../../../components/history/audit-history.js';
import type { ApkAuditState } from '../../../components/history/audit-states.js';
import { RecordLoader } from '../../../components/record-state.js';
import { apkDetailQuery } from '../api/apk-detail.js';
import { APK_KEY } from '../api/apk-read-position.js';
import { ReleaseBadge, ReviewBadge, TestBadge } from '../components/apk-cells.js';
import { formatTime } from '../../../lib/format.js';
import { ApkStateAsOf, contentItems, pictureItems } from '../components/apk-state-as-of.js';
import { ApkRowActions } from '../components/apk-row-actions.js';
import { RolloutPanel } from '../components/rollout-panel.js';

/** §2 /apk-detail?id=…: one package read-only, its actions, and the History tab for auditors. */
export function ApkDetailPage() {
  return <RecordLoader query={apkDetailQuery}>{(apk) => <ApkDetailView apk={apk} />}</RecordLoader>;
}

function ApkDetailView({ apk }: { apk: ApkDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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
      <DetailTabs
        tabs={[
          {
            value: 'info',
            label: t('apk.detail.tabInfo'),
            panel: (
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
            ),
          },
          {
            value: 'history',
            label: t('apk.detail.tabHistory'),
            testId: 'tab-history',
            panel: (
              <AuditHistory<ApkAuditState>
                kind="apk"
                id={apk.id}
                renderState={(state, names) => <ApkStateAsOf state={state} names={names} />}
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}
