/**
 * What one open conversation shows, folded from chat.messages / chat.pendingApprovals (the state
 * when the view opened) and chat.onConversation (everything after). A pure reducer, so the merge
 * rules — a snapshot replaces its message, a streamed event beats a slower query — are tested alone.
 */
import type { ApprovalRequest, ChatMessage, ChatStreamEvent } from '@elftia/desktop/shared/contracts/chat.ts';

export interface Notice {
  id: number;
  code: string;
  params?: Record<string, string | number>;
}

export interface ConversationState {
  /** False until the queries answered; events that arrive earlier are kept and win the merge. */
  loaded: boolean;
  messages: ChatMessage[];
  /** Waiting for the user, oldest first. */
  approvals: ApprovalRequest[];
  /** Whether a turn runs (Stop shows, sending waits). */
  running: boolean;
  notices: Notice[];
  /** Call ids answered or resolved, so a slower initial load cannot bring their prompt back. */
  resolvedCallIds: ReadonlySet<string>;
  /** Messages an edit or regenerate replaced, so a slower initial load cannot bring them back. */
  removedIds: ReadonlySet<string>;
  /** Whether a 'turn' event has said what `running` is; until then it is inferred from the load. */
  turnKnown: boolean;
  nextNoticeId: number;
}

export type ConversationAction =
  | { type: 'loaded'; messages: ChatMessage[]; approvals: ApprovalRequest[] }
  | { type: 'event'; event: ChatStreamEvent }
  | { type: 'dismissNotice'; id: number }
  /** chat.approve succeeded; the stream's approval_resolved may come later or not at all after a reconnect. */
  | { type: 'answered'; callId: string };

export const initialConversationState: ConversationState = {
  loaded: false,
  messages: [],
  approvals: [],
  running: false,
  notices: [],
  resolvedCallIds: new Set(),
  removedIds: new Set(),
  turnKnown: false,
  nextNoticeId: 1,
};

function upsert(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index === -1) return [...messages, message];
  const next = [...messages];
  next[index] = message;
  return next;
}

function resolve(state: ConversationState, callId: string): ConversationState {
  return {
    ...state,
    approvals: state.approvals.filter((a) => a.callId !== callId),
    resolvedCallIds: new Set(state.resolvedCallIds).add(callId),
  };
}

function applyEvent(state: ConversationState, event: ChatStreamEvent): ConversationState {
  switch (event.type) {
    case 'message':
      return { ...state, messages: upsert(state.messages, event.message) };
    case 'approval':
      if (state.approvals.some((a) => a.callId === event.request.callId)) return state;
      return { ...state, approvals: [...state.approvals, event.request] };
    case 'approval_resolved':
      return resolve(state, event.callId);
    case 'turn':
      return { ...state, running: event.running, turnKnown: true };
    case 'notice': {
      const notice: Notice = event.params ? { id: state.nextNoticeId, code: event.code, params: event.params } : { id: state.nextNoticeId, code: event.code };
      return { ...state, notices: [...state.notices, notice], nextNoticeId: state.nextNoticeId + 1 };
    }
    case 'messages_removed': {
      const removedIds = new Set([...state.removedIds, ...event.ids]);
      return { ...state, messages: state.messages.filter((m) => !removedIds.has(m.id)), removedIds };
    }
  }
}

function applyLoad(state: ConversationState, messages: ChatMessage[], approvals: ApprovalRequest[]): ConversationState {
  // The stored list, with anything the stream already delivered laid over it (newer by construction:
  // it arrived after the subscription opened, and snapshots carry a message's whole state).
  let merged = messages.filter((m) => !state.removedIds.has(m.id)).map((m) => state.messages.find((s) => s.id === m.id) ?? m);
  for (const message of state.messages) if (!merged.some((m) => m.id === message.id)) merged = [...merged, message];
  const pending = approvals.filter((a) => !state.resolvedCallIds.has(a.callId) && !state.approvals.some((s) => s.callId === a.callId));
  const allApprovals = [...pending, ...state.approvals];
  const running = state.turnKnown ? state.running : merged.some((m) => m.status === 'streaming') || allApprovals.length > 0;
  return { ...state, loaded: true, messages: merged, approvals: allApprovals, running };
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'loaded':
      return applyLoad(state, action.messages, action.approvals);
    case 'event':
      return applyEvent(state, action.event);
    case 'dismissNotice':
      return { ...state, notices: state.notices.filter((n) => n.id !== action.id) };
    case 'answered':
      return resolve(state, action.callId);
  }
}
