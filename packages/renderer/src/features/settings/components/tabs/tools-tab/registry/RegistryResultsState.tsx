import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, toDisplayError } from '../../../../../../lib/appError';
import type { RegistrySearchState } from './useRegistrySearch';

/** Loading, a failure with nothing to show, "no match", the offline note over cached results, and how many malformed records main left out. */
export function RegistryResultsState({ search, shown }: { search: RegistrySearchState; shown: number }) {
  const { t, i18n } = useTranslation();
  if (search.loading) return <p className="empty-state">{t('settings/registry:loading')}</p>;
  if (search.error !== undefined) {
    return (
      <p className="form__failure" role="alert" data-testid="registry-error">
        {t('settings/registry:loadFailed')} {t(errorMessageKey(toDisplayError(search.error).code), toDisplayError(search.error).params ?? {})}
      </p>
    );
  }
  const offline = search.last?.offline === true;
  const skipped = search.pages.reduce((sum, page) => sum + (page.skipped ?? 0), 0);
  return (
    <>
      {offline && search.last && (
        <p className="registry__offline" role="status" data-testid="registry-offline">
          <CloudOff size={16} aria-hidden />
          {t('settings/registry:offline', {
            time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(search.last.fetchedAt)),
          })}
        </p>
      )}
      {skipped > 0 && (
        <p className="field__hint" data-testid="registry-skipped">
          {t('settings/registry:skipped', { count: skipped })}
        </p>
      )}
      {shown === 0 && <p className="empty-state">{t('settings/registry:empty')}</p>}
    </>
  );
}
