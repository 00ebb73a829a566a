import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'radix-ui';
import type { ApprovalRequest, ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { actionsOf, keepUnchangedActions, type MessageActions } from '../../model/messageTurns';
import { type ApprovalAnswer, ApprovalPrompt } from '../tool-call/ApprovalPrompt';
import { ToolGrantsProvider } from '../tool-call/toolGrants';
import { MessageGroups } from './MessageGroups';
import { TurnRunningContext } from './turnRunning';
import { useUnmountedHead } from './useUnmountedHead';

export interface MessageListProps {
  messages: ChatMessage[];
  approvals: ApprovalRequest[];
  running: boolean;
  onAnswer: (callId: string, answer: ApprovalAnswer) => Promise<unknown>;
}

/** Within this many pixels of the end counts as "at the end" (sub-pixel rounding, a last line). */
const STICK_THRESHOLD_PX = 48;

/**
 * The transcript as a log: the region that scrolls (the window does not), the messages in a
 * readable column centred in it. It is focusable, so the keyboard can scroll it and Esc there stops
 * a turn. It is aria-busy while a turn runs so a screen reader reads the finished reply instead of
 * every streamed fragment, and it follows new content only while the user is at the end, so
 * scrolling back to read is not yanked away.
 */
export function MessageList({ messages, approvals, running, onAnswer }: MessageListProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const turnRunning = useRef(running);
  // Before the browser paints (and so before a click) the ref says what this render shows.
  useLayoutEffect(() => {
    turnRunning.current = running;
  }, [running]);
  // By the card that asks: a call's own, or for a call an MCP App made, the card that shows the app.
  // An app may have several calls waiting: its card asks about the oldest, then the next once answered.
  const byCallId = useMemo(() => {
    const map = new Map<string, ApprovalRequest>();
    for (const request of approvals) if (!map.has(request.appHostCallId ?? request.callId)) map.set(request.appHostCallId ?? request.callId, request);
    return map;
  }, [approvals]);
  const previousActions = useRef<ReadonlyMap<string, MessageActions>>(new Map());
  const actions = useMemo(() => keepUnchangedActions(previousActions.current, actionsOf(messages)), [messages]);
  useEffect(() => {
    previousActions.current = actions;
  }, [actions]);
  // A prompt whose tool call is not (yet) in any message still needs an answer; it shows on its own.
  const orphans = useMemo(() => {
    const callIds = new Set(messages.flatMap((m) => m.toolCalls.map((c) => c.id)));
    return approvals.filter((a) => !callIds.has(a.appHostCallId ?? a.callId));
  }, [messages, approvals]);

  const unmounted = useUnmountedHead(messages.length);

  const last = messages[messages.length - 1];
  const lastUserId = last?.role === 'user' ? last.id : undefined;
  useLayoutEffect(() => {
    // The user's own new message starts a turn: follow it even after having scrolled back.
    if (lastUserId) atEnd.current = true;
  }, [lastUserId]);

  /** Where the list last put itself at its end; the user leaves the end by scrolling above it. */
  const followedTop = useRef(0);
  const follow = useCallback((element: HTMLElement) => {
    element.scrollTop = element.scrollHeight;
    followedTop.current = element.scrollTop;
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element && atEnd.current) follow(element);
  }, [messages, approvals, follow]);

  // The window shrinking (or a code block, formula or image finishing its layout late) changes the
  // sizes without a new message: still at the end, stay there, so an approval prompt or the last
  // lines are not left below the composer.
  useEffect(() => {
    const element = ref.current;
    const column = element?.firstElementChild;
    if (!element || !column || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current) follow(element);
    });
    observer.observe(element);
    observer.observe(column);
    return () => observer.disconnect();
  }, [follow]);

  /**
   * A scroll event comes a frame after the scroll: a streamed paragraph may have grown the content
   * below by then, so a distance from the end alone would read "the user scrolled away" when nothing
   * but the answer moved. Only a scroll above where the list last followed leaves the end; a scroll
   * back within the threshold of the end returns to it.
   */
  function onScroll() {
    const element = ref.current;
    if (!element) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight < STICK_THRESHOLD_PX) atEnd.current = true;
    else if (element.scrollTop < followedTop.current - 1) atEnd.current = false;
  }

  return (
    <div
      ref={ref}
      className="message-list"
      role="log"
      tabIndex={0}
      aria-label={t('chat/conversations:messages.label')}
      aria-busy={running}
      onScroll={onScroll}
    >
      <div className="message-list__column">
        <Tooltip.Provider delayDuration={400}>
          <TurnRunningContext.Provider value={turnRunning}>
            <ToolGrantsProvider>
              {messages.length === 0 && <p className="message-list__empty">{t('chat/conversations:messages.empty')}</p>}
              <MessageGroups messages={messages} from={unmounted} actions={actions} approvals={byCallId} running={running} onAnswer={onAnswer} />
              {orphans.map((request) => (
                <ApprovalPrompt key={request.callId} request={request} showArguments onAnswer={(answer) => onAnswer(request.callId, answer)} />
              ))}
            </ToolGrantsProvider>
          </TurnRunningContext.Provider>
        </Tooltip.Provider>
      </div>
    </div>
  );
}
