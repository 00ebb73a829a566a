import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../../../components/Dialog';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { errorText } from '../../../../../../lib/errorText';

/** The `${input:id}` a server waits for (INPUT_REQUIRED's parameters). */
export interface InputRequest {
  id: string;
  description: string;
  password: boolean;
}

export interface EnterInputDialogProps {
  input: InputRequest;
  onClose: () => void;
}

/**
 * Asks once for the value of a `${input:id}` reference: main stores it sealed and restarts the
 * servers that reference it (mcp.setInput). A password input is masked as it is typed.
 */
export function EnterInputDialog({ input, onClose }: EnterInputDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const fieldId = useId();
  const hintId = useId();
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  const [empty, setEmpty] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (value === '') return setEmpty(true);
    setSaving(true);
    setFailure(undefined);
    try {
      await api.mcp.setInput.mutate({ id: input.id, value });
      onClose();
    } catch (error) {
      setFailure(toDisplayError(error));
      setSaving(false);
    }
  }

  return (
    <Dialog title={t('settings/tools:inputs.enterTitle', { id: input.id })} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void save(event)} aria-busy={saving} data-testid="enter-input-dialog">
        {failure && (
          <p className="form__failure" role="alert">
            {errorText(t, failure.code, failure.params)}
          </p>
        )}
        <div className="field">
          <label htmlFor={fieldId}>{input.description || t('settings/tools:inputs.valueFor', { id: input.id })}</label>
          <input
            id={fieldId}
            data-autofocus
            className="input mono"
            type={input.password ? 'password' : 'text'}
            autoComplete="off"
            spellCheck={false}
            value={value}
            aria-invalid={empty || undefined}
            aria-describedby={hintId}
            onChange={(event) => {
              setValue(event.target.value);
              setEmpty(false);
            }}
          />
          <p id={hintId} className={empty ? 'field__error' : 'field__hint'} role={empty ? 'alert' : undefined}>
            {empty ? t('common/errors:validation.required') : t('settings/tools:inputs.storedSealed')}
          </p>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('settings/tools:form.cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {t('settings/tools:inputs.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
