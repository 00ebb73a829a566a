import { useTranslation } from 'react-i18next';
import type { ApprovalRequest, ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { useApi } from '../../../../lib/api';
import { errorText } from '../../../../lib/errorText';
import { ToolCallDisplay } from '../ToolCallDisplay';
import type { ApprovalAnswer } from '../tool-call/ApprovalPrompt';
import { MessageAttachments } from '../attachments/MessageAttachments';
import { MessageText } from './MessageText';

export interface MessageItemProps {
  message: ChatMessage;
  /** Pending approvals by call id. */
  approvals: ReadonlyMap<string, ApprovalRequest>;
  onAnswer: (callId: string, answer: ApprovalAnswer) => Promise<unknown>;
}

/** One message: the user's text, or one assistant step — its text, then its tool calls in order. */
export function MessageItem({ message, approvals, onAnswer }: MessageItemProps) {
  const { t } = useTranslation();
  const api = useApi();
  const user = message.role === 'user';
  const empty = message.text === '' && message.toolCalls.length === 0;
  return (
    <article
      className={`message message--${message.role}`}
      aria-label={t(user ? 'chat/conversations:messages.you' : 'chat/conversations:messages.assistant')}
      data-testid="message"
      data-role={message.role}
      data-status={message.status}
    >
      {message.attachments && message.attachments.length > 0 && <MessageAttachments conversationId={message.conversationId} attachments={message.attachments} />}
      {message.text !== '' && <MessageText text={message.text} />}
      {message.status === 'streaming' && empty && <p className="message__pending">{t('chat/conversations:messages.writing')}</p>}
      {message.toolCalls.map((call) => {
        const approval = approvals.get(call.id);
        const loadFullResult = () => api.chat.toolResult.query({ conversationId: message.conversationId, messageId: message.id, callId: call.id });
        return <ToolCallDisplay key={call.id} call={call} approval={approval} onAnswer={(answer) => onAnswer(call.id, answer)} loadFullResult={loadFullResult} />;
      })}
      {message.status === 'stopped' && <p className="message__note">{t('chat/conversations:messages.stopped')}</p>}
      {message.status === 'error' && message.error && (
        <p className="message__error" data-testid="message-error">
          {errorText(t, message.error.code, message.error.params)}
        </p>
      )}
    </article>
  );
}
