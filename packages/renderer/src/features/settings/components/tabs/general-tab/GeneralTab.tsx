import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguagePreference } from '@elftia/desktop/shared/contracts/settings.ts';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../../lib/appError';
import { useSettings } from '../../../../../lib/settings';
import { FilesFolderSection } from './FilesFolderSection';
import { PackageMirrorsSection } from './PackageMirrorsSection';
import { ThemeSection } from './ThemeSection';
import { SystemPromptSection } from './SystemPromptSection';

// Language names stay in their own language in every UI language, so a user who switched to a
// language they cannot read can still find theirs.
const LANGUAGE_OPTIONS: Array<{ value: LanguagePreference; key: string }> = [
  { value: 'system', key: 'settings/general:language.options.system' },
  { value: 'en', key: 'settings/general:language.options.en' },
  { value: 'zh', key: 'settings/general:language.options.zh' },
  { value: 'ja', key: 'settings/general:language.options.ja' },
];

/**
 * Settings → General: the UI language (persisted by the main process, so the CLI sees it too), the
 * folder the built-in files server may read, and the package mirrors stdio servers download from.
 */
export function GeneralTab({ focusFilesFolder = false }: { focusFilesFolder?: boolean }) {
  const { t } = useTranslation();
  const { settings, setLanguage } = useSettings();
  const titleId = useId();
  const selectId = useId();
  const [failure, setFailure] = useState<DisplayError>();

  async function choose(language: LanguagePreference) {
    setFailure(undefined);
    try {
      await setLanguage(language);
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }

  return (
    <section className="settings-section-page" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings/general:title')}</h2>
      <div className="field">
        <label htmlFor={selectId} className="field__label">
          {t('settings/general:language.label')}
        </label>
        <select
          id={selectId}
          className="input input--narrow"
          value={settings?.language ?? 'system'}
          disabled={!settings}
          aria-describedby={`${selectId}-hint`}
          onChange={(event) => void choose(event.target.value as LanguagePreference)}
        >
          {LANGUAGE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.key)}
            </option>
          ))}
        </select>
        <p id={`${selectId}-hint`} className="field__hint">
          {t('settings/general:language.hint')}
        </p>
        {failure && (
          <p className="field__error" role="alert">
            {t(errorMessageKey(failure.code), failure.params ?? {})}
          </p>
        )}
      </div>
      <ThemeSection />
      <FilesFolderSection focus={focusFilesFolder} />
      <PackageMirrorsSection />
      <SystemPromptSection />
    </section>
  );
}
