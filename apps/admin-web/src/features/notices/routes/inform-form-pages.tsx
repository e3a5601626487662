import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RecordState } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';
import { noticeDetailQuery } from '../api/notice-detail.js';
import { NoticeForm } from '../components/notice-form.js';

/** §2 /inform-add: a new notice; saved (and perhaps pushed), the user sees its detail. */
export function InformAddPage() {
  const navigate = useNavigate();
  return (
    <NoticeForm
      onSaved={(saved) => void navigate({ to: '/inform-detail', search: { id: saved.id } })}
      onCancel={() => void navigate({ to: '/inform-list' })}
    />
  );
}

/** §2 /inform-edit?id=…: a draft or scheduled notice (a scheduled one moves to its new time). */
export function InformEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const detail = useQuery({ ...noticeDetailQuery(id ?? ''), enabled: !!id, refetchInterval: false });
  return (
    <RecordState id={id} query={detail}>
      {(notice) =>
        notice.state === 'draft' || notice.state === 'scheduled' ? (
          <NoticeForm
            key={notice.version}
            notice={notice}
            onSaved={(saved) => void navigate({ to: '/inform-detail', search: { id: saved.id } })}
            onCancel={() => void navigate({ to: '/inform-detail', search: { id: notice.id } })}
          />
        ) : (
          <Alert color="orange" data-testid="not-editable">
            {t('notices.form.notEditable')}
          </Alert>
        )
      }
    </RecordState>
  );
}
