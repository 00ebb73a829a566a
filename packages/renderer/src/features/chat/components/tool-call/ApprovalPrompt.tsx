import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalDecision, ApprovalRequest } from '@elftia/desktop/shared/contracts/chat.ts';
import { type DisplayError, toDisplayError } from '../../../../lib/appError';
import { ToolArguments } from './ToolArguments';
import { FailureAlert } from '../../../../components/FailureAlert';

export interface ApprovalAnswer {
  decision: ApprovalDecision;
  /** Sent with always_allow for a destructive tool, after the second confirmation. */
  confirmedDestructive?: boolean;
}

export interface ApprovalPromptProps {
  request: ApprovalRequest;
  /** Answers chat.approve; a rejection keeps the prompt and shows why. */
  onAnswer: (answer: ApprovalAnswer) => Promise<unknown>;
  /** Shows the arguments here too, for a prompt with no tool call card around it. */
  showArguments?: boolean;
}

/**
 * Asks before a tool runs: Allow once, Always allow, Deny. A tool the server calls
 * destructive carries a warning, and Always allow for it takes a second, explicit confirmation —
 * the only path that sends confirmedDestructive. Always allow is not offered for Elftia's own tools
 * (no serverId): a grant is kept per server and tool, so main refuses one without a server.
 */
export function ApprovalPrompt({ request, onAnswer, showArguments = false }: ApprovalPromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const confirmTitleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  const groupRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLParagraphElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const alwaysRef = useRef<HTMLButtonElement>(null);
  const stepChanged = useRef(false);

  useEffect(() => {
    // Draw a keyboard user to the question when nothing else holds focus (the composer is idle while a
    // turn runs), or when it rests on the card of a call answered before. The question, not a
    // button, takes focus, so a stray Enter answers nothing.
    const active = document.activeElement;
    if (active === null || active === document.body || active.classList.contains('tool-call')) titleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!stepChanged.current) return;
    // The safe choice takes focus on the confirmation; returning puts focus back where it was.
    (confirming ? backRef : alwaysRef).current?.focus();
  }, [confirming]);

  function step(next: boolean) {
    if (busy) return;
    stepChanged.current = true;
    setConfirming(next);
  }

  async function answer(value: ApprovalAnswer) {
    if (busy) return;
    const card = groupRef.current?.closest<HTMLElement>('.tool-call');
    const hadFocus = groupRef.current?.contains(document.activeElement) === true;
    setBusy(true);
    setFailure(undefined);
    try {
      await onAnswer(value);
      // The prompt goes away with its answer, and focus would fall to <body>: it stays at the call.
      if (hadFocus && card?.isConnected) card.focus();
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setBusy(false);
    }
  }

  const names = { tool: request.toolName, server: request.serverName ?? request.serverId ?? '' };
  const canAlwaysAllow = request.serverId !== undefined;

  return (
    <div ref={groupRef} role="group" aria-labelledby={titleId} className={request.destructive ? 'approval approval--destructive' : 'approval'} data-testid="approval-prompt">
      <p id={titleId} ref={titleRef} tabIndex={-1} className="approval__title">
        {request.serverId === undefined ? t('chat/tool-calls:approval.titleBuiltin', names) : t('chat/tool-calls:approval.title', names)}
      </p>
      {request.destructive && (
        <p className="approval__warning" data-testid="approval-destructive-warning">
          {t('chat/tool-calls:approval.destructiveWarning')}
        </p>
      )}
      {showArguments && <ToolArguments args={request.arguments} open />}
      {confirming ? (
        <div role="group" aria-labelledby={confirmTitleId} className="approval__confirm">
          <p id={confirmTitleId} className="approval__confirm-title">
            {t('chat/tool-calls:approval.confirmTitle')}
          </p>
          <p>{t('chat/tool-calls:approval.confirmBody', names)}</p>
          <div className="approval__actions">
            <button type="button" className="button button--danger" aria-disabled={busy || undefined} onClick={() => void answer({ decision: 'always_allow', confirmedDestructive: true })}>
              {t('chat/tool-calls:approval.confirmAlways')}
            </button>
            <button ref={backRef} type="button" className="button" aria-disabled={busy || undefined} onClick={() => step(false)}>
              {t('chat/tool-calls:approval.back')}
            </button>
          </div>
        </div>
      ) : (
        <div className="approval__actions">
          <button type="button" className="button button--primary" aria-disabled={busy || undefined} onClick={() => void answer({ decision: 'allow_once' })}>
            {t('chat/tool-calls:approval.allowOnce')}
          </button>
          {canAlwaysAllow && (
            <button
              ref={alwaysRef}
              type="button"
              className="button"
              aria-disabled={busy || undefined}
              onClick={() => (request.destructive ? step(true) : void answer({ decision: 'always_allow' }))}
            >
              {t('chat/tool-calls:approval.alwaysAllow')}
            </button>
          )}
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void answer({ decision: 'deny' })}>
            {t('chat/tool-calls:approval.deny')}
          </button>
        </div>
      )}
      <FailureAlert error={failure} />
    </div>
  );
}
