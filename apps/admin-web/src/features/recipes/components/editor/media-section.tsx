import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/image-upload.js';
import { fileUrl } from '../../api/recipe-detail.js';
import { errorAt, type RecipeForm } from './recipe-form.js';
import { FormSection } from '../../../../components/form-section.js';

/** The recipe's picture (§5: one image; the form waits for it while it uploads). */
export function MediaSection({ form }: { form: RecipeForm }) {
  const { t } = useTranslation();
  const code = form.getValues().pictureFileCode;
  return (
    <FormSection title={t('recipes.editor.media')}>
      <ImageUpload
        label={t('recipes.editor.picture')}
        max={1}
        value={code ? [{ fileCode: code, url: fileUrl(code) }] : []}
        onChange={(images) => form.setFieldValue('pictureFileCode', images[0]?.fileCode ?? null)}
        error={errorAt(form, 'pictureFileCode')}
      />
    </FormSection>
  );
}
