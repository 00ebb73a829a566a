import { Check, Copy, Pencil, RefreshCw, RotateCcw } from 'lucide-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenUsage } from '@elftia/desktop/shared/contracts/chat.ts';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../lib/appError';
import type { MessageActions as Actions } from '../../model/messageTurns';
import { ActionButton } from './ActionButton';
import { useCopy } from './useCopy';

export interface MessageActionsProps {
  actions: Actions;
  /** What Copy puts on the clipboard for a user message (an answer carries its own copyText). */
  text: string;
  /** A turn runs: nothing may be edited or run again until it ends. */
  running: boolean;
  /** The last answer's bar stays visible; the others show on hover and keyboard focus. */
  pinned: boolean;
  onEdit?: () => void;
  onRegenerate: () => Promise<unknown>;
  editRef?: Ref<HTMLButtonElement>;
}

/**
 * A message's action bar: copy; for the user's messages edit (and retry when nothing answered the
 * last one); for the last answer regenerate, or retry after an error; and the answer's token usage
 * where the provider reported it.
 */
export function MessageActions({ actions, text, running, pinned, onEdit, onRegenerate, editRef }: MessageActionsProps) {
  const { t } = useTranslation();
  const { state: copyState, copy } = useCopy();
  const [failure, setFailure] = useState<DisplayError>();
  const [busy, setBusy] = useState(false);

  async function regenerate() {
    setFailure(undefined);
    setBusy(true);
    try {
      await onRegenerate();
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setBusy(false);
    }
  }

  const answer = actions.kind === 'answer' ? actions : undefined;
  const again = answer ? answer.regenerate : actions.kind === 'question' && actions.retry;
  const retry = answer ? answer.failed : true;
  const copyLabel = t(answer ? 'chat/conversations:actions.copyAnswer' : 'chat/conversations:actions.copyMessage');
  return (
    <div className={`message-actions${pinned ? ' message-actions--pinned' : ''}`} role="group" aria-label={t('chat/conversations:actions.label')}>
      <ActionButton label={copyState === 'copied' ? t('chat/conversations:actions.copied') : copyLabel} icon={copyState === 'copied' ? Check : Copy} onClick={() => void copy(answer?.copyText ?? text)} testId="copy-message" />
      {onEdit && !running && <ActionButton ref={editRef} label={t('chat/conversations:actions.edit')} icon={Pencil} onClick={onEdit} />}
      {again && !running && (
        <ActionButton
          label={t(retry ? 'chat/conversations:actions.retry' : 'chat/conversations:actions.regenerate')}
          icon={retry ? RotateCcw : RefreshCw}
          onClick={() => void regenerate()}
          disabled={busy}
        />
      )}
      {answer?.usage && <UsageText usage={answer.usage} />}
      <span className="visually-hidden" role="status">
        {copyState === 'copied' ? t('chat/conversations:actions.copied') : ''}
      </span>
      {copyState === 'failed' && (
        <p className="message-actions__failure" role="alert">
          {t('chat/conversations:actions.copyFailed')}
        </p>
      )}
      {failure && (
        <p className="message-actions__failure" role="alert">
          {t('chat/conversations:actions.failed', { reason: t(errorMessageKey(failure.code), failure.params ?? {}) })}
        </p>
      )}
    </div>
  );
}

/** "1,234 in · 567 out", in the UI language's number format. */
function UsageText({ usage }: { usage: TokenUsage }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  const counts = { input: format.format(usage.inputTokens), output: format.format(usage.outputTokens) };
  return (
    <span className="message-actions__usage" data-testid="message-usage">
      <span className="visually-hidden">{`${t('chat/conversations:actions.usageLabel')} `}</span>
      {t('chat/conversations:actions.usage', counts)}
    </span>
  );
}
