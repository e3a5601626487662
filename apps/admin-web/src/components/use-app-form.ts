import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.js';
import { translateError, translateKey } from '../lib/translate.js';

/**
 * Mantine's form with errors drawn in the user's language (see translateError). Validation rules return
 * error codes of the `errors` catalog or of libs/contracts, e.g. `password_rule`.
 */
export function useAppForm<Values extends Record<string, unknown>>(
  options: UseFormInput<Values>,
): UseFormReturnType<Values> {
  // Re-render on a language switch, so that visible errors are drawn again in the new language.
  useTranslation();
  return useForm<Values>({
    ...options,
    enhanceGetInputProps: (payload) => ({
      ...options.enhanceGetInputProps?.(payload),
      ...(payload.inputProps.error ? { error: translateError(payload.inputProps.error) } : {}),
    }),
  });
}

/**
 * Puts a failed answer's field errors under their fields (400 `data.fieldErrors`, or an error code the caller
 * maps to a field). Returns true when something was placed, so the caller knows the form shows it.
 */
export function applyServerErrors<Values>(
  form: UseFormReturnType<Values>,
  error: unknown,
  codeToField: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const errors: Record<string, string> = { ...error.fieldErrors };
  const field = error.code ? codeToField[error.code] : undefined;
  // Our catalog knows the code: keep the code so the message follows a language switch.
  if (field && error.code) errors[field] = translateKey(`errors.${error.code}`) ? error.code : error.desc;
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  return true;
}
