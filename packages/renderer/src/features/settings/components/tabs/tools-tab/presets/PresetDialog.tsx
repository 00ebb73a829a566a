import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpPresetView, McpServerView } from '@elftia/desktop/router';
import { type PresetAnswers, checkPresetAnswers } from '@elftia/desktop/shared/mcp-presets.ts';
import { type InstallCheck, type InstallField, InstallFieldsDialog } from '../install/InstallFieldsDialog';

const INPUT_PREFIX = 'inputs.';

export interface PresetDialogProps {
  view: McpPresetView;
  onSubmit: (answers: PresetAnswers) => Promise<McpServerView>;
  onClose: () => void;
  /** See Dialog's returnFocus. */
  returnFocus?: HTMLElement | null;
}

/**
 * What a preset needs before it can be added: its API key (unless a configured provider lends one)
 * and its inputs, such as the folder a filesystem server may read. Checked by the same function the
 * router runs, so the dialog and main agree on every field.
 */
export function PresetDialog({ view, onSubmit, onClose, returnFocus }: PresetDialogProps) {
  const { t } = useTranslation();
  const { preset, keyProvider } = view;
  const envVar = preset.transportType === 'stdio' ? preset.apiKeyEnvVar : preset.apiKeyHeader?.name;
  const keyHint = keyProvider
    ? t('settings/tools:presets.dialog.keyFromProvider', { provider: keyProvider.name })
    : preset.apiKeyUrl
      ? t('settings/tools:presets.dialog.keyWhere', { url: preset.apiKeyUrl })
      : t('settings/tools:presets.dialog.keyStored');

  const fields = useMemo((): InstallField[] => {
    const key: InstallField[] = preset.requiresApiKey
      ? [
          {
            name: 'apiKey',
            kind: 'secret',
            label: envVar ? t('settings/tools:presets.dialog.apiKeyNamed', { name: envVar }) : t('settings/tools:presets.dialog.apiKey'),
            hint: keyHint,
          },
        ]
      : [];
    const inputs = (preset.inputs ?? []).map((input): InstallField => {
      const common = {
        name: `${INPUT_PREFIX}${input.key}`,
        label: t(`settings/presets:inputs.${input.key}.label`, { defaultValue: input.key }),
        hint: t(`settings/presets:inputs.${input.key}.hint`, { defaultValue: '' }) || undefined,
      };
      if (input.kind === 'choice') {
        return {
          ...common,
          kind: 'choice',
          initial: input.default,
          options: input.options.map((option) => ({ value: option.id, label: t(`settings/presets:inputs.${input.key}.options.${option.id}`, { defaultValue: option.id }) })),
        };
      }
      return { ...common, kind: input.kind === 'directory' ? 'directory' : 'text' };
    });
    return [...key, ...inputs];
  }, [preset, envVar, keyHint, t]);

  const check = useCallback<InstallCheck<PresetAnswers>>(
    (values) => {
      const inputs = Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (name.startsWith(INPUT_PREFIX) ? [[name.slice(INPUT_PREFIX.length), value]] : [])));
      const apiKey = values.apiKey ?? '';
      const answers: PresetAnswers = { inputs, ...(apiKey.trim() ? { apiKey } : {}) };
      const problems = checkPresetAnswers(preset, answers, keyProvider !== undefined);
      return problems.length === 0 ? { ok: true, value: answers } : { ok: false, problems };
    },
    [preset, keyProvider],
  );

  return (
    <InstallFieldsDialog
      title={t('settings/tools:presets.dialog.title', { name: preset.name })}
      intro={<p className="form__intro">{t(`settings/presets:descriptions.${preset.id}`, { defaultValue: preset.description })}</p>}
      saveLabel={t('settings/tools:presets.dialog.add')}
      fields={fields}
      check={check}
      onSubmit={onSubmit}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
