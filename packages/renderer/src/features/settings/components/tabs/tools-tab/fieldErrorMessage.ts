import type { TFunction } from 'i18next';
import type { FormFieldError } from './types';

/** The translated text of a field error: `validation.<code>` in common/errors, with its parameters. */
export function fieldErrorMessage(t: TFunction, error: FormFieldError | undefined): string | undefined {
  return error ? t(`common/errors:validation.${error.code}`, error.params ?? {}) : undefined;
}
