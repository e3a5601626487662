import '@mantine/dropzone/styles.layer.css';
import { ActionIcon, Group, Image, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify.js';
import { checkImages, IMAGE_DEFAULT_MAX_COUNT, IMAGE_MIME_TYPES, type ImageProblem } from './image-rules.js';
import { useTrackUpload } from './pending-uploads.js';
import { uploadImage, type UploadedImage } from './upload-image.js';

export interface ImageUploadProps {
  value: UploadedImage[];
  onChange: (images: UploadedImage[]) => void;
  /** At most this many images: 5 by default, 1 for banners (BANNER_IMAGE_MAX_COUNT). */
  max?: number;
  label?: string;
  required?: boolean;
  error?: React.ReactNode;
}

const PROBLEM_TEXT = {
  name: 'components.uploadEmptyName',
  type: 'components.uploadWrongType',
  size: 'components.uploadTooLarge',
  count: 'components.uploadTooMany',
} as const satisfies Record<ImageProblem, string>;

/**
 * Image field: jpg/png, ≤300 KB, up to `max` images. Files breaking a rule are refused with their reason before
 * anything is sent; accepted ones are uploaded one by one and shown as thumbnails that can be removed.
 */
export function ImageUpload({
  value,
  onChange,
  max = IMAGE_DEFAULT_MAX_COUNT,
  label,
  required,
  error,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(0);
  // Progress of the file being sent now (0–100).
  const [percent, setPercent] = useState(0);
  const track = useTrackUpload();

  const take = async (files: File[]) => {
    const { accepted, rejected } = checkImages(files, value.length + uploading, max);
    for (const { file, problem } of rejected) notifyError(t(PROBLEM_TEXT[problem], { name: file.name, max }));
    if (accepted.length === 0) return;
    setUploading((n) => n + accepted.length);
    let images = value;
    for (const file of accepted) {
      try {
        setPercent(0);
        const image = await track(uploadImage(file, (f) => setPercent(Math.round(f * 100))));
        images = [...images, image];
        onChange(images);
      } catch {
        // The API client has shown why (e.g. the server found the bytes are not an image).
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const full = value.length + uploading >= max;
  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      description={t('components.uploadRules', { max })}
    >
      <Stack gap="xs" mt={4}>
        <Group gap="sm">
          {value.map((image) => (
            <Paper
              key={image.fileCode}
              withBorder
              radius="sm"
              pos="relative"
              w={96}
              h={96}
              data-testid="uploaded-image"
            >
              <Image src={image.url} alt={image.name ?? ''} w={94} h={94} fit="cover" radius="sm" />
              <ActionIcon
                size="sm"
                color="red"
                variant="filled"
                radius="xl"
                pos="absolute"
                top={-8}
                right={-8}
                aria-label={t('components.removeImage')}
                onClick={() => onChange(value.filter((v) => v.fileCode !== image.fileCode))}
              >
                <IconX size={12} />
              </ActionIcon>
            </Paper>
          ))}
          {uploading > 0 && (
            <Paper
              withBorder
              radius="sm"
              w={96}
              h={96}
              p={8}
              style={{ display: 'grid', alignContent: 'center', gap: 6 }}
              data-testid="upload-progress"
            >
              <Text size="xs" ta="center">
                {t('components.uploadingPercent', { percent })}
              </Text>
              <Progress value={percent} size="sm" aria-label={t('components.uploading')} />
            </Paper>
          )}
        </Group>
        {!full && (
          <Dropzone
            onDrop={() => undefined}
            onDropAny={(files: FileWithPath[], rejections) =>
              void take([...files, ...rejections.map((r) => r.file)])
            }
            accept={[...IMAGE_MIME_TYPES]}
            multiple={max > 1}
            data-testid="image-dropzone"
          >
            <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={28} stroke={1.5} />
              <Text size="sm" c="dimmed">
                {t('components.uploadHint')}
              </Text>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
