import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload.js';

/** Which upload purpose of `/api/file/upload` a chosen file goes to (the API checks its bytes). */
export type MediaPurpose = 'image' | 'video' | 'audio';

/**
 * One file of a step: a picture or video, or an audio clip. The API checks the kind and size from the bytes and
 * answers its reason in the user's language when it refuses.
 */
export function MediaUpload({
  label,
  accept,
  purposeOf,
  value,
  onChange,
  testId,
}: {
  label: string;
  accept: string;
  purposeOf: (file: File) => MediaPurpose;
  value: string | null;
  onChange: (fileCode: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <FileUpload
      buttonLabel={label}
      accept={accept}
      purposeOf={purposeOf}
      value={value}
      onChange={onChange}
      uploadedLabel={t('recipes.editor.uploaded')}
      removeLabel={t('recipes.editor.remove')}
      testId={testId}
    />
  );
}
