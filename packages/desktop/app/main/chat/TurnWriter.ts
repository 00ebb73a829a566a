/**
 * Persists and publishes one turn's message snapshots. Major changes (a new message, a tool call's
 * status) are written and published at once; text deltas and progress are batched: a streamed reply
 * arrives in hundreds of deltas, and each snapshot carries the whole message, so writing or sending
 * every one would cost O(n²) in the length of the reply. For the same reason a large tool result is
 * sent and written with its message as a bounded copy (toolResultView.ts), and handed whole to
 * `saveFullResult` once.
 */
import type { ChatMessage, ChatStreamEvent } from '../../shared/contracts/chat';
import type { ConversationRepository } from '../db/ConversationRepository';
import type { EngineMessage } from '../completion/types';
import { type Clock, type TimerHandle, systemClock } from '../lib/clock';
import { DEFAULT_VIEW_LIMITS, type ToolResult, type ViewLimits, contentBytes, shortenForView } from './toolResultView';

export interface TurnWriterOptions {
  repository: ConversationRepository;
  publish(event: ChatStreamEvent): void;
  /** Longest a streamed change waits before it is written, in milliseconds. */
  persistIntervalMs: number;
  /** Longest a streamed change waits before subscribers see it, in milliseconds. */
  publishIntervalMs: number;
  /** Runs both intervals (tests move a manual clock). Default systemClock. */
  timers?: BatchTimers;
  /** Bounds of a tool result's copy in its message; default DEFAULT_VIEW_LIMITS. */
  viewLimits?: ViewLimits;
  /** Stores the whole result of a call whose message keeps a bounded copy; called once per result. */
  saveFullResult(messageId: string, callId: string, result: ToolResult): void;
  onError(error: unknown): void;
}

/** What the batches need of a Clock. */
export type BatchTimers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

/** One pending batch: the latest snapshot per message id, flushed by one timer. */
class Batch {
  private readonly pending = new Map<string, ChatMessage>();
  private timer: TimerHandle = undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly flushOne: (message: ChatMessage) => void,
    private readonly timers: BatchTimers,
  ) {}

  add(message: ChatMessage): void {
    this.pending.set(message.id, message);
    this.timer ??= this.timers.setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Drops a pending snapshot superseded by one handled at once. */
  forget(id: string): void {
    this.pending.delete(id);
  }

  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const messages = [...this.pending.values()];
    this.pending.clear();
    for (const message of messages) this.flushOne(message);
  }

  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}

export class TurnWriter {
  private readonly stored = new Set<string>();
  /** Each result object's copy for the message (itself when small), worked out once. */
  private readonly views = new WeakMap<ToolResult, ToolResult>();
  private readonly writes: Batch;
  private readonly publishes: Batch;
  /** Set when the conversation was removed mid-turn: nothing more may be written for it. */
  private discarded = false;

  constructor(private readonly options: TurnWriterOptions) {
    const timers = options.timers ?? systemClock;
    this.writes = new Batch(options.persistIntervalMs, (message) => this.write(message), timers);
    this.publishes = new Batch(options.publishIntervalMs, (message) => options.publish({ type: 'message', message }), timers);
  }

  change(full: ChatMessage, weight: 'major' | 'minor'): void {
    if (this.discarded) return;
    const message = this.shown(full);
    if (weight === 'minor' && this.stored.has(message.id)) {
      this.writes.add(message);
      this.publishes.add(message);
      return;
    }
    this.writes.forget(message.id);
    this.publishes.forget(message.id);
    this.write(message);
    this.options.publish({ type: 'message', message });
  }

  /** The message as subscribers get it and the database keeps it: large tool results bounded. */
  shown(message: ChatMessage): ChatMessage {
    let bounded = false;
    const toolCalls = message.toolCalls.map((call) => {
      if (!call.result) return call;
      const result = this.viewOf(message.id, call.id, call.result);
      if (result === call.result) return call;
      bounded = true;
      return { ...call, result };
    });
    return bounded ? { ...message, toolCalls } : message;
  }

  private viewOf(messageId: string, callId: string, result: ToolResult): ToolResult {
    const known = this.views.get(result);
    if (known) return known;
    const short = shortenForView(result, this.options.viewLimits ?? DEFAULT_VIEW_LIMITS);
    let view = result;
    if (short) {
      view = { ...short, shortened: { bytes: contentBytes(result) } };
      this.options.saveFullResult(messageId, callId, result);
    }
    this.views.set(result, view);
    return view;
  }

  /**
   * Writes the final snapshots and the turn's engine history in one transaction, so a reopened
   * conversation never shows an answer the next turn would not send to the model (or the reverse).
   */
  finish(conversationId: string, messages: ChatMessage[], history: EngineMessage[], updatedAt: string): void {
    this.writes.cancel();
    this.publishes.cancel();
    if (this.discarded) return;
    const { repository } = this.options;
    const shown = messages.map((message) => this.shown(message));
    try {
      repository.transaction(() => {
        for (const message of shown) this.upsert(message);
        repository.appendHistory(conversationId, history);
        repository.touchConversation(conversationId, updatedAt);
      });
    } catch (error) {
      this.options.onError(error);
    }
    for (const message of shown) this.options.publish({ type: 'message', message });
  }

  discard(): void {
    this.discarded = true;
    this.writes.cancel();
    this.publishes.cancel();
  }

  private write(message: ChatMessage): void {
    if (this.discarded) return;
    try {
      this.upsert(message);
    } catch (error) {
      // A failed intermediate write loses only a snapshot; the final one is written at the end.
      this.options.onError(error);
    }
  }

  private upsert(message: ChatMessage): void {
    if (this.stored.has(message.id)) {
      this.options.repository.updateMessage(message);
    } else {
      this.options.repository.insertMessage(message);
      this.stored.add(message.id);
    }
  }
}
