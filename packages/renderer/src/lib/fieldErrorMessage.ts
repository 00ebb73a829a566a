import type { TFunction } from 'i18next';

/** A field error as the forms hold it: a `validation.<code>` in common/errors, with its parameters. */
export interface FieldErrorLike {
  code: string;
  params?: Record<string, string | number>;
}

/** The translated text of a field error: `validation.<code>` in common/errors, with its parameters. */
export function fieldErrorMessage(t: TFunction, error: FieldErrorLike | undefined): string | undefined {
  return error ? t(`common/errors:validation.${error.code}`, error.params ?? {}) : undefined;
}
