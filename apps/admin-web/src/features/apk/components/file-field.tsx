import { Input } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload.js';
import { fileUrl } from '../api/apk-detail.js';

/**
 * One uploaded file that is not an image: the boot video (`video`, mp4) or the APK itself (`apk`). The API checks
 * the bytes and the size and answers its reason in the user's language when it refuses (shown as a toast).
 */
export function FileField({
  label,
  purpose,
  accept,
  buttonLabel,
  value,
  onChange,
  required,
  error,
  description,
  testId,
}: {
  label: string;
  purpose: 'video' | 'apk';
  accept: string;
  buttonLabel: string;
  value: string | null;
  onChange: (fileCode: string | null) => void;
  required?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} required={required} error={error} description={description}>
      <FileUpload
        buttonLabel={buttonLabel}
        accept={accept}
        purposeOf={() => purpose}
        value={value}
        onChange={onChange}
        uploadedLabel={t('apk.form.uploaded')}
        removeLabel={t('apk.form.remove')}
        href={fileUrl}
        testId={testId}
        buttonTestId={`${testId}-button`}
        mt={4}
      />
    </Input.Wrapper>
  );
}
