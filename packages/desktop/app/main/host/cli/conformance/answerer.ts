import { type ElicitField, type ElicitValue, elicitDefaults } from '../../../../shared/contracts/elicitation';
import type { InteractionAnswer, PendingInteraction } from '../../../../shared/contracts/interactions';
import type { InteractionBroker } from '../../../interactions/InteractionBroker';

/**
 * What a person who accepts every form as Elftia pre-fills it would send: each field's default
 * (elicitation-sep1034-client-defaults checks exactly those), and for a required field without one
 * the least a person must enter (a ticked box, the first choice). Web pages and model completions are
 * declined: no conformance scenario asks for them, and nobody is there to judge them.
 */
export function conformanceAnswer(interaction: PendingInteraction): InteractionAnswer {
  switch (interaction.kind) {
    case 'form':
      return { action: 'accept', content: acceptedForm(interaction.fields) };
    case 'url':
      return { action: 'decline' };
    case 'sampling':
      return { action: 'reject' };
  }
}

export function acceptedForm(fields: readonly ElicitField[]): Record<string, ElicitValue> {
  const content = elicitDefaults(fields);
  for (const field of fields) {
    if (!field.required || Object.hasOwn(content, field.name)) continue;
    const value = leastAnswer(field);
    if (value !== undefined) content[field.name] = value;
  }
  return content;
}

function leastAnswer(field: ElicitField): ElicitValue | undefined {
  switch (field.kind) {
    case 'boolean':
      return true;
    case 'choice':
      return field.options[0]?.value;
    case 'multi':
      return field.options.slice(0, field.minItems ?? 0).map((option) => option.value);
    case 'number':
      return field.integer ? Math.ceil(field.minimum ?? 0) : (field.minimum ?? 0);
    case 'text':
      // A format (email, date…) has no neutral value: the form is sent without it and the server says what it lacks.
      return field.format ? undefined : 'x'.repeat(field.minLength ?? 0);
  }
}

/** Answers every interaction the broker lists as soon as it is listed; returns the unsubscribe function. */
export function answerEveryInteraction(broker: InteractionBroker, report: (message: string) => void): () => void {
  return broker.onEvent((event) => {
    if (event.type !== 'requested') return;
    const { interaction } = event;
    broker.answer(interaction.id, conformanceAnswer(interaction)).catch((error: unknown) => report(`answering ${interaction.kind} of ${interaction.serverName}: ${String(error)}\n`));
  });
}
