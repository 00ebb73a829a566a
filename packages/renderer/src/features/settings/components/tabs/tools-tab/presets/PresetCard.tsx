import { useTranslation } from 'react-i18next';
import type { McpPresetView } from '@elftia/desktop/router';
import { PresetIcon } from './PresetIcon';
import { runnerLabel } from './presetFilter';

export interface PresetCardProps {
  view: McpPresetView;
  /** True while this preset is being checked or added. */
  busy: boolean;
  /** `button` is the Add button, where focus returns when a dialog the add opens closes. */
  onAdd: (view: McpPresetView, button: HTMLButtonElement) => void;
}

/** One preset: what it is, what it needs, whether it is added, and its Add button. */
export function PresetCard({ view, busy, onAdd }: PresetCardProps) {
  const { t } = useTranslation();
  const { preset } = view;
  const added = view.addedServerIds.length > 0;
  const headingId = `preset-${preset.id}-name`;
  return (
    <li className="preset-card" data-testid="preset-card" data-preset-id={preset.id} aria-labelledby={headingId}>
      <div className="preset-card__head">
        <PresetIcon name={preset.icon} />
        <div>
          <h4 id={headingId} className="preset-card__name">
            {preset.name}
          </h4>
          <p className="preset-card__provider">{preset.provider}</p>
        </div>
      </div>
      <p className="preset-card__description">{t(`settings/presets:descriptions.${preset.id}`, { defaultValue: preset.description })}</p>
      <p className="preset-card__badges">
        <span className="badge">{runnerLabel(view)}</span>
        {preset.requiresApiKey && (
          <span className="badge" title={view.keyProvider ? t('settings/tools:presets.keyFrom', { provider: view.keyProvider.name }) : undefined}>
            {view.keyProvider ? t('settings/tools:presets.keyLinked') : t('settings/tools:presets.keyRequired')}
          </span>
        )}
        {view.source === 'custom' && <span className="badge">{t('settings/tools:presets.custom')}</span>}
        {added && (
          <span className="badge badge--connected" data-testid="preset-added">
            {t('settings/tools:presets.added')}
          </span>
        )}
      </p>
      <p className="preset-card__tools" title={preset.tools.join(', ')}>
        {t('settings/tools:presets.toolCount', { tools: preset.tools.length })}
      </p>
      <div className="preset-card__actions">
        {preset.documentationUrl && (
          <a className="button button--quiet" href={preset.documentationUrl} target="_blank" rel="noreferrer">
            {t('settings/tools:presets.docs')}
          </a>
        )}
        <button
          type="button"
          className={added ? 'button' : 'button button--primary'}
          aria-disabled={busy || undefined}
          aria-label={t(added ? 'settings/tools:presets.addAgainNamed' : 'settings/tools:presets.addNamed', { name: preset.name })}
          onClick={(event) => !busy && onAdd(view, event.currentTarget)}
        >
          {busy ? t('settings/tools:presets.adding') : t(added ? 'settings/tools:presets.addAgain' : 'settings/tools:presets.add')}
        </button>
      </div>
    </li>
  );
}
