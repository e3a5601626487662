import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/image-upload.js';
import { fileUrl } from '../../api/recipe-detail.js';
import { errorAt, type RecipeForm } from './recipe-form.js';

/** The recipe's picture (§5: one image; the form waits for it while it uploads). */
export function MediaSection({ form }: { form: RecipeForm }) {
  const { t } = useTranslation();
  const code = form.getValues().pictureFileCode;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={5} mb="sm">
        {t('recipes.editor.media')}
      </Title>
      <ImageUpload
        label={t('recipes.editor.picture')}
        max={1}
        value={code ? [{ fileCode: code, url: fileUrl(code) }] : []}
        onChange={(images) => form.setFieldValue('pictureFileCode', images[0]?.fileCode ?? null)}
        error={errorAt(form, 'pictureFileCode')}
      />
    </Paper>
  );
}
