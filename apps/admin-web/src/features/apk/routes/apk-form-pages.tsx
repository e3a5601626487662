import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apkDetailQuery } from '../api/apk-detail.js';
import { ApkForm, emptyApkValues, valuesOf } from '../components/apk-form.js';
import { useApkId } from '../components/apk-id.js';

const loading = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** §2 /apk-add: a new package, saved as a draft or created and submitted at once (`addAndApproval`). */
export function ApkAddPage() {
  const navigate = useNavigate();
  return <ApkForm initial={emptyApkValues()} onSaved={() => void navigate({ to: '/apk-list' })} />;
}

/** §2 /apk-edit?id=…: a not-submitted or returned package, saved over the revision loaded. */
export function ApkEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useApkId();
  const detail = useQuery({ ...apkDetailQuery(id ?? ''), enabled: !!id, staleTime: Infinity });
  const [generation, setGeneration] = useState(0);
  if (!id || detail.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} data-testid="record-load-failed">
        {detail.error?.message ?? ''}
      </Alert>
    );
  if (!detail.data) return loading;
  const apk = detail.data;
  if (apk.reviewStatus !== 'uncommitted' && apk.reviewStatus !== 'returned')
    return (
      <Alert color="orange" icon={<IconAlertCircle />} data-testid="not-editable">
        {t('apk.form.notEditable', { status: t(`apk.reviewStatus.${apk.reviewStatus}`) })}
      </Alert>
    );
  // After a conflict the read model may still be catching up with the other save: ask again briefly until it
  // shows a newer revision than the one this form was opened on.
  const reload = async (newerThan?: number) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { data } = await detail.refetch();
      if (newerThan === undefined || (data && data.revision > newerThan)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    setGeneration((g) => g + 1);
  };
  return (
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
      record={{ id, revision: apk.revision, fileSize: apk.fileSize }}
      onReload={() => void reload(apk.revision)}
      onSaved={(_, submitted) => {
        if (submitted) void navigate({ to: '/apk-list' });
        else void reload();
      }}
    />
  );
}
