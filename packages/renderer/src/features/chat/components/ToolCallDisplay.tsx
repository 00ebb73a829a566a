import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest, ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { type ApprovalAnswer, ApprovalPrompt } from './tool-call/ApprovalPrompt';
import { AutoApprovedMark } from './tool-call/AutoApprovedMark';
import './tool-call/tool-call-marks.css';
import { ToolAnnotations } from './tool-call/ToolAnnotations';
import { ToolCallError } from './tool-call/ToolCallError';
import { ToolArguments } from './tool-call/ToolArguments';
import { ToolResult } from './tool-call/ToolResult';
import { ToolProgress, ToolStatus } from './tool-call/ToolStatus';
import { InteractionPrompt, SampledNote } from './interactions/InteractionPrompt';
import { useInteractions } from '../model/interactions';
import { AppFrame } from './apps/AppFrame';

export interface ToolCallDisplayProps {
  call: ToolCallView;
  /**
   * The pending approval this card asks about: for this call, or for a call its MCP App made
   * (`appHostCallId` is this call's id), asked under the app.
   */
  approval?: ApprovalRequest;
  onAnswer?: (answer: ApprovalAnswer) => Promise<unknown>;
  /** Fetches the whole result when the card has a bounded copy (`result.shortened`). */
  loadFullResult?: () => Promise<NonNullable<ToolCallView['result']>>;
}

/**
 * One tool call: which server and tool, the arguments, the status with elapsed time or
 * duration, progress, the approval prompt while it waits, and the result as the server sent it.
 */
export function ToolCallDisplay({ call, approval, onAnswer, loadFullResult }: ToolCallDisplayProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const awaiting = call.status === 'awaiting_approval';
  // With an errorCode the call failed on Elftia's side (timeout, not connected, stopped) and its result
  // is the engine's English note for the model, so the translated code is shown instead; a cancelled
  // call's badge already says it all.
  const failedInApp = call.errorCode !== undefined;
  const showErrorCode = failedInApp && !(call.status === 'cancelled' && call.errorCode === 'CANCELLED');
  // What the server asks while this call runs (a form, a page to open, a completion) is answered here.
  const interactions = useInteractions();
  const asking = interactions.pending.filter((interaction) => interaction.callId === call.id);
  const sampled = interactions.sampled.filter((result) => result.callId === call.id);
  // The app shows once the call may run: not while it waits for approval, and not for a denied call.
  const showApp = call.app !== undefined && !awaiting && call.status !== 'denied';
  // An app's call is asked about under the app (were the app not shown, at the top like the card's own).
  const appApproval = showApp && approval?.appHostCallId === call.id ? approval : undefined;
  const ownApproval = appApproval ? undefined : approval;
  const title = typeof call.annotations?.title === 'string' && call.annotations.title !== call.toolName ? call.annotations.title : undefined;
  return (
    // tabIndex -1: where focus rests after the user answered the call's approval prompt.
    <article className={`tool-call tool-call--${call.status}`} aria-labelledby={headingId} data-testid="tool-call" data-status={call.status} tabIndex={-1}>
      <header className="tool-call__header">
        <h3 id={headingId} className="tool-call__name">
          {call.serverId === undefined
            ? t('chat/tool-calls:heading.builtin', { tool: call.toolName })
            : t('chat/tool-calls:heading.server', { tool: call.toolName, server: call.serverName ?? call.serverId })}
        </h3>
        <ToolStatus call={call} />
      </header>
      {call.autoApproved && <AutoApprovedMark call={{ ...call, autoApproved: call.autoApproved }} />}
      {title && <p className="tool-call__title">{title}</p>}
      <ToolAnnotations annotations={call.annotations} />
      <ToolArguments args={call.arguments} open={awaiting} />
      {ownApproval && onAnswer && <ApprovalPrompt request={ownApproval} onAnswer={onAnswer} />}
      {asking.map((interaction) => (
        <InteractionPrompt key={interaction.id} interaction={interaction} />
      ))}
      {sampled.map((result) => (
        <SampledNote key={result.id} result={result} />
      ))}
      {call.status === 'running' && call.progress && <ToolProgress progress={call.progress} />}
      {showApp && <AppFrame call={call} approval={appApproval} onAnswer={onAnswer} />}
      {call.result && !failedInApp && <ToolResult result={call.result} loadAll={loadFullResult} serverId={call.serverId} />}
      {showErrorCode && call.errorCode && <ToolCallError call={call} code={call.errorCode} />}
    </article>
  );
}
