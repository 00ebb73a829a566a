import type { PendingInteraction, SampledResult } from '@elftia/desktop/shared/contracts/interactions.ts';
import { useTranslation } from 'react-i18next';
import { ElicitFormPrompt } from './ElicitFormPrompt';
import { SamplingPrompt } from './SamplingPrompt';
import { UrlPrompt } from './UrlPrompt';
import './interactions.css';

/** One pending question of a server, in the form its kind needs. */
export function InteractionPrompt({ interaction }: { interaction: PendingInteraction }) {
  switch (interaction.kind) {
    case 'form':
      return <ElicitFormPrompt key={interaction.id} interaction={interaction} />;
    case 'url':
      return <UrlPrompt key={interaction.id} interaction={interaction} />;
    case 'sampling':
      return <SamplingPrompt key={interaction.id} interaction={interaction} />;
    default:
      return null;
  }
}

/** What the model answered a server's sampling request, as it was sent back. */
export function SampledNote({ result }: { result: SampledResult }) {
  const { t } = useTranslation();
  return (
    <div className="interaction__sampled" data-testid="interaction-sampled">
      <p className="interaction__label">{t('chat/interactions:sampling.sent', { model: result.model, server: result.serverName })}</p>
      <p className="interaction__sampled-text">{result.text}</p>
    </div>
  );
}
