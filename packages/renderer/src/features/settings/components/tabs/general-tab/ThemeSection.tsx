import { Monitor, Moon, Sun } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemePreference } from '@elftia/desktop/shared/contracts/settings.ts';
import { FailureAlert } from '../../../../../components/FailureAlert';
import { type DisplayError, toDisplayError } from '../../../../../lib/appError';
import { useSettings } from '../../../../../lib/settings';

const OPTIONS: Array<{ value: ThemePreference; key: string; Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> }> = [
  { value: 'light', key: 'settings/general:theme.options.light', Icon: Sun },
  { value: 'dark', key: 'settings/general:theme.options.dark', Icon: Moon },
  { value: 'system', key: 'settings/general:theme.options.system', Icon: Monitor },
];

/**
 * Settings → General → Theme: light, dark, or follow the system. A choice applies at once (the
 * settings context applies what main stores) and is kept by main, so every window follows it.
 */
export function ThemeSection() {
  const { t } = useTranslation();
  const { settings, setTheme } = useSettings();
  const name = useId();
  const hintId = useId();
  const [failure, setFailure] = useState<DisplayError>();
  const current = settings?.theme ?? 'system';

  async function choose(theme: ThemePreference) {
    setFailure(undefined);
    try {
      await setTheme(theme);
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }

  return (
    <fieldset className="settings-section segmented-field" aria-describedby={hintId} disabled={!settings}>
      <legend className="field__label">{t('settings/general:theme.label')}</legend>
      <div className="segmented">
        {OPTIONS.map(({ value, key, Icon }) => (
          <label key={value} className="segmented__option">
            <input type="radio" name={name} value={value} checked={current === value} onChange={() => void choose(value)} />
            <Icon size={16} aria-hidden />
            <span>{t(key)}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className="field__hint">
        {t('settings/general:theme.hint')}
      </p>
      <FailureAlert error={failure} />
    </fieldset>
  );
}
