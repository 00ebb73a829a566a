/**
 * Which actions each message offers, from its place in the conversation. A turn is a user message
 * and the assistant messages after it (one per model step); its actions sit on its last message:
 * copy the whole answer, regenerate it (only the conversation's last turn), and its token usage,
 * summed over the steps. Pure, so the rules the UI shows are tested alone.
 */
import type { ChatMessage, TokenUsage } from '@elftia/desktop/shared/contracts/chat.ts';

export type MessageActions =
  /** A user message: copy and edit; `retry` when it is the last one and nothing answered it. */
  | { kind: 'question'; retry: boolean }
  /** The last message of an answer. */
  | {
      kind: 'answer';
      /** The answer's text as the model wrote it (Markdown source), its steps joined by blank lines. */
      copyText: string;
      /** Only the conversation's last answer can be regenerated. */
      regenerate: boolean;
      /** Retry rather than Regenerate: the answer ended in an error. */
      failed: boolean;
      usage?: TokenUsage;
    };

/** Messages that get no actions (the earlier steps of an answer) are absent from the map. */
export function actionsOf(messages: readonly ChatMessage[]): Map<string, MessageActions> {
  const actions = new Map<string, MessageActions>();
  let answer: ChatMessage[] = [];
  const lastUserIndex = messages.findLastIndex((m) => m.role === 'user');
  const closeAnswer = (last: boolean) => {
    const end = answer.at(-1);
    if (end) actions.set(end.id, { kind: 'answer', copyText: copyTextOf(answer), regenerate: last, failed: end.status === 'error', ...usageOf(answer) });
    answer = [];
  };
  messages.forEach((message, index) => {
    if (message.role === 'assistant') {
      answer.push(message);
      return;
    }
    closeAnswer(false);
    actions.set(message.id, { kind: 'question', retry: index === lastUserIndex && index === messages.length - 1 });
  });
  closeAnswer(true);
  return actions;
}

function copyTextOf(steps: readonly ChatMessage[]): string {
  return steps
    .map((m) => m.text.trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

function usageOf(steps: readonly ChatMessage[]): { usage?: TokenUsage } {
  const counted = steps.flatMap((m) => (m.usage ? [m.usage] : []));
  if (counted.length === 0) return {};
  return {
    usage: counted.reduce((sum, u) => ({ inputTokens: sum.inputTokens + u.inputTokens, outputTokens: sum.outputTokens + u.outputTokens }), { inputTokens: 0, outputTokens: 0 }),
  };
}

function sameActions(a: MessageActions, b: MessageActions): boolean {
  if (a.kind === 'question' || b.kind === 'question') return a.kind === 'question' && b.kind === 'question' && a.retry === b.retry;
  return (
    a.copyText === b.copyText &&
    a.regenerate === b.regenerate &&
    a.failed === b.failed &&
    a.usage?.inputTokens === b.usage?.inputTokens &&
    a.usage?.outputTokens === b.usage?.outputTokens
  );
}

/**
 * `next`, with the object from `previous` wherever a message's actions are unchanged: a streamed token
 * recomputes every bar, and a memoized message must see the same object to skip rendering again.
 */
export function keepUnchangedActions(previous: ReadonlyMap<string, MessageActions>, next: Map<string, MessageActions>): Map<string, MessageActions> {
  for (const [id, actions] of next) {
    const before = previous.get(id);
    if (before && before !== actions && sameActions(before, actions)) next.set(id, before);
  }
  return next;
}

/** Whether a bar shows differently while a turn runs: Edit, Retry and Regenerate hide until it ends. */
export function actionsFollowTurn(actions: MessageActions | undefined): boolean {
  if (!actions) return false;
  return actions.kind === 'question' || actions.regenerate;
}
