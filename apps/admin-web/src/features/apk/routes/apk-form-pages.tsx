import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { apkDetailQuery } from '../api/apk-detail.js';
import { ApkForm, emptyApkValues, valuesOf } from '../components/apk-form.js';
import { RecordState, useRevisionReload } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';

/** §2 /apk-add: a new package, saved as a draft or created and submitted at once (`addAndApproval`). */
export function ApkAddPage() {
  const navigate = useNavigate();
  return <ApkForm initial={emptyApkValues()} onSaved={() => void navigate({ to: '/apk-list' })} />;
}

/** §2 /apk-edit?id=…: a not-submitted or returned package, saved over the revision loaded. */
export function ApkEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const detail = useQuery({ ...apkDetailQuery(id ?? ''), enabled: !!id, staleTime: Infinity });
  const { generation, reload } = useRevisionReload(detail.refetch);
  return (
    <RecordState id={id} query={detail}>
      {(apk) =>
        apk.reviewStatus !== 'uncommitted' && apk.reviewStatus !== 'returned' ? (
          <Alert color="orange" icon={<IconAlertCircle />} data-testid="not-editable">
            {t('apk.form.notEditable', { status: t(`apk.reviewStatus.${apk.reviewStatus}`) })}
          </Alert>
        ) : (
          <ApkForm
            notice={
              apk.reviewStatus === 'returned' && apk.returnReason ? (
                <Alert color="orange" icon={<IconAlertCircle />} data-testid="apk-returned-because">
                  {t('apk.form.returnedBecause', { by: apk.auditedBy ?? '', reason: apk.returnReason })}
                </Alert>
              ) : undefined
            }
            key={`${apk.revision}-${generation}`}
            initial={valuesOf(apk.content)}
            record={{ id: apk.id, revision: apk.revision, fileSize: apk.fileSize }}
            onReload={() => void reload(apk.revision)}
            onSaved={(_, submitted) => {
              if (submitted) void navigate({ to: '/apk-list' });
              else void reload();
            }}
          />
        )
      }
    </RecordState>
  );
}
