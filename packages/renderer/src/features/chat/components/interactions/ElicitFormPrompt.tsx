import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateElicitAnswer } from '@elftia/desktop/shared/contracts/elicitation.ts';
import type { PendingInteraction } from '@elftia/desktop/shared/contracts/interactions.ts';
import { FailureAlert } from '../../../../components/FailureAlert';
import { fieldErrorMessage } from '../../../../lib/fieldErrorMessage';
import { ElicitFieldInput } from './ElicitFieldInput';
import { contentOf, initialInputs, type InputValue } from './formValues';
import { useAnswer } from './useAnswer';
import { useQuestionFocus } from './useQuestionFocus';

/**
 * A server's form (elicitation): its message, one input per field with defaults filled in and
 * required fields marked; Accept sends the values once they fit (checked here with the rules main
 * applies again), Decline and Cancel send nothing.
 */
export function ElicitFormPrompt({ interaction }: { interaction: Extract<PendingInteraction, { kind: 'form' }> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const titleRef = useQuestionFocus<HTMLParagraphElement>();
  const [inputs, setInputs] = useState<Record<string, InputValue>>(() => initialInputs(interaction.fields));
  const { busy, failure, fieldErrors, setFieldErrors, send } = useAnswer(interaction.id);

  function accept(event: FormEvent) {
    event.preventDefault();
    const { content, errors } = contentOf(interaction.fields, inputs);
    const checked = validateElicitAnswer(interaction.fields, content);
    const problems = [...errors, ...(checked.ok ? [] : checked.errors.filter((error) => !errors.some((e) => e.field === error.field)))];
    if (problems.length > 0) {
      setFieldErrors(problems);
      return;
    }
    void send({ action: 'accept', content });
  }

  const errorOf = (name: string) => fieldErrorMessage(t, fieldErrors.find((error) => error.field === name));
  return (
    <form className="approval interaction" role="group" aria-labelledby={titleId} data-testid="interaction-form" noValidate onSubmit={accept}>
      <p id={titleId} ref={titleRef} tabIndex={-1} className="approval__title">
        {t('chat/interactions:form.title', { server: interaction.serverName })}
      </p>
      <p className="interaction__message">{interaction.message}</p>
      {interaction.fields.map((field) => (
        <ElicitFieldInput key={field.name} field={field} value={inputs[field.name]} error={errorOf(field.name)} onChange={(value) => setInputs((previous) => ({ ...previous, [field.name]: value }))} />
      ))}
      {interaction.fields.some((field) => field.required) && <p className="field__hint">{t('chat/interactions:form.requiredNote')}</p>}
      <div className="approval__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {t('chat/interactions:form.accept')}
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void send({ action: 'decline' })}>
          {t('chat/interactions:form.decline')}
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void send({ action: 'cancel' })}>
          {t('chat/interactions:form.cancel')}
        </button>
      </div>
      <FailureAlert error={failure} />
    </form>
  );
}
