import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest, ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { useApi } from '../../../../lib/api';
import { errorText } from '../../../../lib/errorText';
import type { MessageActions as Actions } from '../../model/messageTurns';
import { ToolCallDisplay } from '../ToolCallDisplay';
import type { ApprovalAnswer } from '../tool-call/ApprovalPrompt';
import { MessageAttachments } from '../attachments/MessageAttachments';
import { ManyToolsNote } from './ManyToolsNote';
import { MessageActions } from './MessageActions';
import { MessageEditor } from './MessageEditor';
import { MessageText } from './MessageText';
import { useTurnRunning } from './turnRunning';
import './message-actions.css';

export interface MessageItemProps {
  message: ChatMessage;
  /** Pending approvals by the id of the call whose card asks (an MCP App's call: the call showing the app). */
  approvals: ReadonlyMap<string, ApprovalRequest>;
  onAnswer: (callId: string, answer: ApprovalAnswer) => Promise<unknown>;
  /** Its action bar (see messageTurns.ts); none for the earlier steps of an answer. */
  actions?: Actions;
  /** A turn runs in the conversation (MessageList says so only to a bar that hides buttons for it). */
  running?: boolean;
}

/**
 * One message: the user's text, or one assistant step — its text, then its tool calls in order.
 * Memoized: in a long conversation only the message that changed renders again (MessageList keeps
 * the other props the same objects).
 */
export const MessageItem = memo(function MessageItem({ message, approvals, onAnswer, actions, running = false }: MessageItemProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const turnRunning = useTurnRunning();
  const user = message.role === 'user';
  const empty = message.text === '' && message.toolCalls.length === 0;
  const { conversationId } = message;

  async function edit(text: string) {
    await api.chat.edit.mutate({ conversationId, messageId: message.id, text });
    // Usually gone by now: the edit replaced this message.
    setEditing(false);
  }

  function stopEditing() {
    setEditing(false);
    // Back to where the edit started, once the button is rendered again.
    queueMicrotask(() => editButton.current?.focus());
  }

  return (
    <article
      className={`message message--${message.role}${editing ? ' message--editing' : ''}`}
      aria-label={t(user ? 'chat/conversations:messages.you' : 'chat/conversations:messages.assistant')}
      data-testid="message"
      data-role={message.role}
      data-status={message.status}
    >
      {message.manyTools && <ManyToolsNote note={message.manyTools} />}
      {message.attachments && message.attachments.length > 0 && <MessageAttachments conversationId={message.conversationId} attachments={message.attachments} />}
      {editing ? (
        <MessageEditor initialText={message.text} onSubmit={edit} onCancel={stopEditing} />
      ) : (
        message.text !== '' && <MessageText text={message.text} markdown={!user} streaming={message.status === 'streaming'} />
      )}
      {message.status === 'streaming' && empty && <p className="message__pending">{t('chat/conversations:messages.writing')}</p>}
      {message.toolCalls.map((call) => {
        const approval = approvals.get(call.id);
        const loadFullResult = () => api.chat.toolResult.query({ conversationId: message.conversationId, messageId: message.id, callId: call.id });
        return <ToolCallDisplay key={call.id} call={call} approval={approval} onAnswer={(answer) => onAnswer(approval?.callId ?? call.id, answer)} loadFullResult={loadFullResult} />;
      })}
      {message.status === 'stopped' && <p className="message__note">{t('chat/conversations:messages.stopped')}</p>}
      {message.status === 'error' && message.error && (
        <p className="message__error" data-testid="message-error">
          {errorText(t, message.error.code, message.error.params)}
        </p>
      )}
      {actions && !editing && message.status !== 'streaming' && (
        <MessageActions
          actions={actions}
          text={message.text}
          running={running}
          pinned={actions.kind === 'answer' && actions.regenerate}
          onEdit={
            user
              ? () => {
                  if (!turnRunning.current) setEditing(true);
                }
              : undefined
          }
          onRegenerate={() => api.chat.regenerate.mutate({ conversationId, messageId: message.id })}
          editRef={editButton}
        />
      )}
    </article>
  );
});
