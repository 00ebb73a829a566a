import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingInteraction } from '@elftia/desktop/shared/contracts/interactions.ts';
import { FailureAlert } from '../../../../components/FailureAlert';
import { useAnswer } from './useAnswer';
import { useQuestionFocus } from './useQuestionFocus';

/**
 * A server asks Elftia's model for a completion (sampling): what it would send — the messages, its
 * system prompt, the token limit — with the last user message editable; Approve runs it on the
 * conversation's model, Reject tells the server no.
 */
export function SamplingPrompt({ interaction }: { interaction: Extract<PendingInteraction, { kind: 'sampling' }> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const titleRef = useQuestionFocus<HTMLParagraphElement>();
  const [text, setText] = useState(interaction.editableText);
  const { busy, failure, send } = useAnswer(interaction.id);
  const lastUser = interaction.messages.map((message) => message.role).lastIndexOf('user');

  return (
    <div className="approval interaction" role="group" aria-labelledby={titleId} data-testid="interaction-sampling">
      <p id={titleId} ref={titleRef} tabIndex={-1} className="approval__title">
        {t('chat/interactions:sampling.title', { server: interaction.serverName })}
      </p>
      {interaction.systemPrompt !== undefined && (
        <p className="interaction__message">
          <span className="interaction__label">{t('chat/interactions:sampling.systemPrompt')}</span> {interaction.systemPrompt}
        </p>
      )}
      <ol className="interaction__messages">
        {interaction.messages.map((message, index) =>
          index === lastUser ? null : (
            <li key={index}>
              <span className="interaction__label">{t(message.role === 'user' ? 'chat/interactions:sampling.user' : 'chat/interactions:sampling.assistant')}</span> {message.text}
              {message.media.length > 0 && <span className="field__hint"> {t('chat/interactions:sampling.media', { count: message.media.length })}</span>}
            </li>
          ),
        )}
      </ol>
      {lastUser >= 0 && (
        <div className="field">
          <label htmlFor={textId} className="field__label">
            {t('chat/interactions:sampling.editLabel')}
          </label>
          <textarea id={textId} className="input" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
      )}
      <p className="field__hint">{t('chat/interactions:sampling.maxTokens', { count: interaction.maxTokens })}</p>
      <div className="approval__actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={busy || undefined}
          onClick={() => void send(text === interaction.editableText ? { action: 'approve' } : { action: 'approve', text })}
        >
          {t('chat/interactions:sampling.approve')}
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void send({ action: 'reject' })}>
          {t('chat/interactions:sampling.reject')}
        </button>
      </div>
      <FailureAlert error={failure} />
    </div>
  );
}
