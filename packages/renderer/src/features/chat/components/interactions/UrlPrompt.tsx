import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingInteraction } from '@elftia/desktop/shared/contracts/interactions.ts';
import { FailureAlert } from '../../../../components/FailureAlert';
import { useAnswer } from './useAnswer';
import { useQuestionFocus } from './useQuestionFocus';

/**
 * A server asks to open a web page (URL-mode elicitation). Nothing opens without the user's
 * consent; the host the page is on is shown first and large, the whole address below it.
 */
export function UrlPrompt({ interaction }: { interaction: Extract<PendingInteraction, { kind: 'url' }> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const titleRef = useQuestionFocus<HTMLParagraphElement>();
  const { busy, failure, send } = useAnswer(interaction.id);

  async function open() {
    const result = await send({ action: 'accept' });
    // No browser in main (the headless host in a browser tab): this tab opens it, on the same click.
    if (result && result.opened === false) window.open(interaction.url, '_blank', 'noopener,noreferrer');
  }

  return (
    <div className="approval interaction" role="group" aria-labelledby={titleId} data-testid="interaction-url">
      <p id={titleId} ref={titleRef} tabIndex={-1} className="approval__title">
        {t('chat/interactions:url.title', { server: interaction.serverName })}
      </p>
      <p className="interaction__message">{interaction.message}</p>
      <p className="interaction__host" data-testid="interaction-url-host">
        {interaction.host}
      </p>
      <p className="interaction__url">{interaction.url}</p>
      <div className="approval__actions">
        <button type="button" className="button button--primary" aria-disabled={busy || undefined} onClick={() => void open()}>
          {t('chat/interactions:url.open')}
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void send({ action: 'decline' })}>
          {t('chat/interactions:url.decline')}
        </button>
      </div>
      <FailureAlert error={failure} />
    </div>
  );
}
