import { memo } from 'react';
import type { ApprovalRequest, ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { actionsFollowTurn, type MessageActions } from '../../model/messageTurns';
import type { ApprovalAnswer } from '../tool-call/ApprovalPrompt';
import { MessageItem } from './MessageItem';
import { useStaggeredRunning } from './useStaggeredRunning';

/** Messages per group: a streamed token visits the groups (a few dozen) instead of every message. */
export const GROUP_SIZE = 25;

/** Given to a message none of whose calls waits for an answer: the same object every time. */
const NO_APPROVALS: ReadonlyMap<string, ApprovalRequest> = new Map();

interface RowProps {
  actions: ReadonlyMap<string, MessageActions>;
  /** Pending approvals by call id. */
  approvals: ReadonlyMap<string, ApprovalRequest>;
  running: boolean;
  onAnswer: (callId: string, answer: ApprovalAnswer) => Promise<unknown>;
}

interface GroupProps extends RowProps {
  messages: readonly ChatMessage[];
}

/**
 * A group's messages, each memoized: it gets new props only when something it shows changed — its
 * snapshot, its bar, a pending approval of one of its calls, or a turn starting for a bar that hides
 * buttons then.
 */
function MessageGroupRows({ messages, actions, approvals, running, onAnswer }: GroupProps) {
  return (
    <div className="message-list__group">
      {messages.map((message) => {
        const own = actions.get(message.id);
        const asked = message.toolCalls.some((call) => approvals.has(call.id));
        return (
          <MessageItem
            key={message.id}
            message={message}
            approvals={asked ? approvals : NO_APPROVALS}
            onAnswer={onAnswer}
            actions={own}
            running={running && actionsFollowTurn(own)}
          />
        );
      })}
    </div>
  );
}

/** Same messages (by identity) and, for each, the same bar: nothing in the group changed. */
function sameGroup(a: GroupProps, b: GroupProps): boolean {
  if (a.approvals !== b.approvals || a.running !== b.running || a.onAnswer !== b.onAnswer || a.messages.length !== b.messages.length) return false;
  return a.messages.every((message, i) => message === b.messages[i] && a.actions.get(message.id) === b.actions.get(message.id));
}

const MessageGroup = memo(MessageGroupRows, sameGroup);

/** The index of the first message of the group holding message `index`. */
const groupStart = (index: number) => Math.floor(index / GROUP_SIZE) * GROUP_SIZE;

/**
 * The mounted messages (from index `from` on) in fixed groups of GROUP_SIZE by their index in the
 * conversation, so a message stays in its group — and keeps its element and state — as messages are
 * added after it or mounted before it. A streamed token re-renders only the group that holds the
 * growing message. A turn starting or ending reaches the groups before the last question a group
 * per frame (useStaggeredRunning).
 */
export function MessageGroups({ messages, from, running, ...rows }: RowProps & { messages: readonly ChatMessage[]; from: number }) {
  const starts: number[] = [];
  for (let start = groupStart(from); start < messages.length; start += GROUP_SIZE) starts.push(start);
  const lastQuestion = messages.findLastIndex((message) => message.role === 'user');
  const runningIn = useStaggeredRunning(running, starts, groupStart(Math.max(lastQuestion, 0)));
  return starts.map((start) => (
    <MessageGroup key={start} messages={messages.slice(Math.max(start, from), start + GROUP_SIZE)} running={runningIn(start)} {...rows} />
  ));
}
