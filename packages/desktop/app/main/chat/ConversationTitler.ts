/**
 * Names a conversation after its first answer, once: while its title is 'pending' (untitled or
 * named after the first message), a generated title replaces it; a failure leaves it and is only
 * logged. The user's rename always wins: the title is written only if it is still 'pending' when the
 * reply arrives, so a rename made meanwhile is never overwritten.
 */
import type { ResolvedProvider } from '../../shared/contracts/providers';
import type { ConversationRepository } from '../db/ConversationRepository';
import type { ChatTitles } from './TitleGenerator';

export interface ConversationTitlerOptions {
  repository: ConversationRepository;
  /** Default none: conversations keep the title taken from their first message. */
  titles?: ChatTitles;
  /** A title was stored (the conversation list changed). */
  onTitled(): void;
  warn(message: string, error: unknown): void;
}

interface Naming {
  controller: AbortController;
  done: Promise<void>;
}

export class ConversationTitler {
  private readonly naming = new Map<string, Naming>();
  /** Cancelled calls until they have ended, for dispose. */
  private readonly abandoned = new Set<Promise<void>>();

  constructor(private readonly options: ConversationTitlerOptions) {}

  /** Called when a turn answered; starts a title call when the conversation still needs one. */
  afterAnswer(conversationId: string, target: { provider: ResolvedProvider; model: string }, answerText: string): void {
    const { repository, titles } = this.options;
    if (!titles || this.naming.has(conversationId) || repository.titleState(conversationId) !== 'pending') return;
    const userText = repository.firstUserMessage(conversationId)?.text;
    if (userText === undefined) return;
    const controller = new AbortController();
    const done = titles
      .generate({ provider: target.provider, model: target.model, userText, answerText, signal: controller.signal })
      .then(
        (title) => {
          // Cancelled (its first message was edited): the title is about a question that is gone.
          if (controller.signal.aborted) return;
          if (repository.setGeneratedTitle(conversationId, title)) this.options.onTitled();
        },
        (error: unknown) => {
          this.options.warn(`chat: no title was generated for ${conversationId}; it keeps its first message's start`, error);
          if (!controller.signal.aborted) repository.abandonPendingTitle(conversationId);
        },
      )
      // A database that fails here (a full disk) costs the title only.
      .catch((error: unknown) => this.options.warn(`chat: the title of ${conversationId} could not be stored`, error))
      .finally(() => {
        if (this.naming.get(conversationId)?.controller === controller) this.naming.delete(conversationId);
      });
    this.naming.set(conversationId, { controller, done });
  }

  /**
   * The conversation was removed, or its first message edited: its title call is abandoned (the
   * title stays 'pending', so the next answer names it).
   */
  cancel(conversationId: string): void {
    const naming = this.naming.get(conversationId);
    naming?.controller.abort();
    this.naming.delete(conversationId);
    if (!naming) return;
    this.abandoned.add(naming.done);
    void naming.done.finally(() => this.abandoned.delete(naming.done));
  }

  /** Resolves once the conversation's title call (if any) has ended. */
  async settled(conversationId: string): Promise<void> {
    await this.naming.get(conversationId)?.done;
  }

  async dispose(): Promise<void> {
    const all = [...this.naming.values()];
    for (const naming of all) naming.controller.abort();
    await Promise.all([...all.map((naming) => naming.done), ...this.abandoned]);
  }
}
