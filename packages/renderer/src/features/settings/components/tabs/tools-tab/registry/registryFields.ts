import type { TFunction } from 'i18next';
import type { RegistryInputField, RegistryInstallOption } from '@elftia/desktop/shared/contracts/registry.ts';
import type { InstallCheck, InstallField, InstallProblem } from '../install/InstallFieldsDialog';

const PREFIX = 'inputs.';

/** A record's input as the install dialog asks it: secrets as password fields, choices as selects, defaults filled in. */
export function toInstallField(field: RegistryInputField, t: TFunction): InstallField {
  const name = `${PREFIX}${field.key}`;
  const common = { name, label: field.label, hint: field.description, required: field.required };
  const choices = field.choices ?? (field.format === 'boolean' ? ['true', 'false'] : undefined);
  if (choices && !field.secret) {
    const initial = field.default ?? (field.required ? choices[0] : '');
    const none = field.required ? [] : [{ value: '', label: t('settings/registry:dialog.none') }];
    return { ...common, kind: 'choice', initial, options: [...none, ...choices.map((choice) => ({ value: choice, label: choice }))] };
  }
  return { ...common, kind: field.secret ? 'secret' : 'text', initial: field.default ?? '' };
}

/**
 * What the dialog checks before asking main (which checks it again): required values given, a
 * choice one of its choices, a number a number. The answers go by RegistryInputField.key.
 */
export function registryCheck(option: RegistryInstallOption): InstallCheck<Record<string, string>> {
  return (values) => {
    const inputs: Record<string, string> = {};
    const problems: InstallProblem[] = [];
    for (const field of option.fields) {
      const name = `${PREFIX}${field.key}`;
      const value = values[name] ?? '';
      const trimmed = value.trim();
      if (trimmed === '') {
        if (field.required) problems.push({ field: name, code: 'required' });
        continue;
      }
      if (field.choices && !field.choices.includes(trimmed)) problems.push({ field: name, code: 'invalid' });
      else if (field.format === 'number' && !Number.isFinite(Number(trimmed))) problems.push({ field: name, code: 'invalid' });
      else inputs[field.key] = field.secret ? value : trimmed;
    }
    return problems.length === 0 ? { ok: true, value: inputs } : { ok: false, problems };
  };
}
