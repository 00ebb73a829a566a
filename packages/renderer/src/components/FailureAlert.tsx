import { useTranslation } from 'react-i18next';
import { type DisplayError, errorMessageKey } from '../lib/appError';
import { useRevealOnShow } from '../lib/useRevealOnShow';

/** A failure that belongs to no field (not found, connection lost, …): translated and announced. */
export function FailureAlert({ error }: { error: DisplayError | undefined }) {
  const { t } = useTranslation();
  const ref = useRevealOnShow<HTMLParagraphElement>(error);
  if (!error) return null;
  return (
    <p ref={ref} className="form__failure" role="alert">
      {t(errorMessageKey(error.code), error.params ?? {})}
    </p>
  );
}
