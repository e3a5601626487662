import type { UseFormReturnType } from '@mantine/form';
import { translateError } from '../lib/translate.js';
import { ImageUpload } from './image-upload.js';
import type { UploadedImage } from './upload-image.js';

/**
 * An image field bound to a form field of uploaded images. The server names its error after the body's file
 * code (`photoFileCode`) where the form holds the images under another name (`photo`): either error shows under
 * the field until the images change.
 */
export function FormImagesField<V>({
  form,
  name,
  label,
  max,
  required,
}: {
  form: UseFormReturnType<V>;
  name: string;
  label: string;
  max: number;
  required?: boolean;
}) {
  const values = form.getValues() as Record<string, UploadedImage[] | undefined>;
  const errors = form.errors as Record<string, unknown>;
  const fileCodeName = `${name}FileCode`;
  const error = errors[name] ?? errors[fileCodeName];
  return (
    <div data-testid={`field-${name}`}>
      <ImageUpload
        label={label}
        required={required}
        max={max}
        value={values[name] ?? []}
        onChange={(images) => {
          form.setFieldValue(name as never, images as never);
          form.clearFieldError(name);
          form.clearFieldError(fileCodeName);
        }}
        error={error ? translateError(error as string) : undefined}
      />
    </div>
  );
}
