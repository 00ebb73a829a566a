/**
 * Persists and publishes one turn's message snapshots. Major changes (a new message, a tool call's
 * status) are written and published at once; text deltas and progress are batched: a streamed reply
 * arrives in hundreds of deltas, and each snapshot carries the whole message, so writing or sending
 * every one would cost O(n²) in the length of the reply.
 */
import type { ChatMessage, ChatStreamEvent } from '../../../shared/contracts/chat';
import type { ConversationRepository } from '../../db/ConversationRepository';
import type { EngineMessage } from '../completion/types';

export interface TurnWriterOptions {
  repository: ConversationRepository;
  publish(event: ChatStreamEvent): void;
  /** Longest a streamed change waits before it is written, in milliseconds. */
  persistIntervalMs: number;
  /** Longest a streamed change waits before subscribers see it, in milliseconds. */
  publishIntervalMs: number;
  onError(error: unknown): void;
}

/** One pending batch: the latest snapshot per message id, flushed by one timer. */
class Batch {
  private readonly pending = new Map<string, ChatMessage>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly flushOne: (message: ChatMessage) => void,
  ) {}

  add(message: ChatMessage): void {
    this.pending.set(message.id, message);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Drops a pending snapshot superseded by one handled at once. */
  forget(id: string): void {
    this.pending.delete(id);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const messages = [...this.pending.values()];
    this.pending.clear();
    for (const message of messages) this.flushOne(message);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}

export class TurnWriter {
  private readonly stored = new Set<string>();
  private readonly writes: Batch;
  private readonly publishes: Batch;
  /** Set when the conversation was removed mid-turn: nothing more may be written for it. */
  private discarded = false;

  constructor(private readonly options: TurnWriterOptions) {
    this.writes = new Batch(options.persistIntervalMs, (message) => this.write(message));
    this.publishes = new Batch(options.publishIntervalMs, (message) => options.publish({ type: 'message', message }));
  }

  change(message: ChatMessage, weight: 'major' | 'minor'): void {
    if (this.discarded) return;
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

  /**
   * Writes the final snapshots and the turn's engine history in one transaction, so a reopened
   * conversation never shows an answer the next turn would not send to the model (or the reverse).
   */
  finish(conversationId: string, messages: ChatMessage[], history: EngineMessage[], updatedAt: string): void {
    this.writes.cancel();
    this.publishes.cancel();
    if (this.discarded) return;
    const { repository } = this.options;
    try {
      repository.transaction(() => {
        for (const message of messages) this.upsert(message);
        repository.appendHistory(conversationId, history);
        repository.touchConversation(conversationId, updatedAt);
      });
    } catch (error) {
      this.options.onError(error);
    }
    for (const message of messages) this.options.publish({ type: 'message', message });
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
