/**
 * Conversations and their turns (seed 000). `send` commits the user's message before anything else
 * can fail, then runs the turn in the background through the TinyElf engine, one turn at a time per
 * conversation; what the engine reports is stored as ChatMessages and published as ChatStreamEvents.
 */
import crypto from 'node:crypto';
import type { ApprovalDecision, ApprovalRequest, ChatMessage, ChatStreamEvent, ConversationRecord } from '../../../shared/contracts/chat';
import type { ResolvedProvider } from '../../../shared/contracts/providers';
import type { ConversationRepository } from '../../db/ConversationRepository';
import { AppError } from '../../errors';
import type { EngineEvent, RunTurnOptions, TurnResult } from '../agent-core/engine/tinyelf/engineTypes';
import type { ApprovalEvent } from '../approvals/ApprovalService';
import { EventHub } from '../capabilities/tools/mcp-users/eventHub';
import { applyInput, type ConversationInput, missingChoice, newConversation, titleFrom } from './conversationInput';
import { TurnTranscript } from './TurnTranscript';
import { TurnWriter } from './TurnWriter';
import type { ToolResult } from './toolResultView';
import type { ToolResultStore } from './ToolResultStore';

/** What ChatService needs of the TinyElf engine. */
export interface ChatEngine {
  runTurn(options: RunTurnOptions): Promise<TurnResult>;
}

/** What ChatService needs of ProviderService: the provider with its key; throws PROVIDER_NOT_CONFIGURED. */
export interface ChatProviders {
  resolve(id: string): ResolvedProvider;
}

/**
 * What ChatService needs of ApprovalService. The engine holds the same service as its ApprovalGate;
 * ChatService only answers, lists and relays what it decides.
 */
export interface ChatApprovals {
  answer(callId: string, decision: ApprovalDecision, options?: { confirmedDestructive?: boolean }): void;
  listPending(): ApprovalRequest[];
  onEvent(listener: (event: ApprovalEvent) => void): () => void;
}

export interface ChatServiceOptions {
  repository: ConversationRepository;
  /** Where the whole results of large tool calls go (their messages keep a bounded copy). */
  toolResults: ToolResultStore;
  engine: ChatEngine;
  providers: ChatProviders;
  approvals: ChatApprovals;
  /** Epoch milliseconds. Default Date. */
  clock?: { now(): number };
  newId?: () => string;
  /** Longest streamed text waits before it is written, in milliseconds. Default 500. */
  persistIntervalMs?: number;
  /** Longest streamed text waits before subscribers see it, in milliseconds. Default 50. */
  publishIntervalMs?: number;
  logger?: { warn(message: string): void };
  /**
   * Names a failed write of a turn's messages that the user must act on (a full disk, a read-only
   * database); the turn then shows it as a notice, once. Default none: such failures are only logged.
   */
  storageError?: (error: unknown) => AppError | undefined;
}

interface RunningTurn {
  controller: AbortController;
  transcript: TurnTranscript;
  writer: TurnWriter;
  /** Calls of this turn that asked for approval, to route 'resolved' events. */
  callIds: Set<string>;
  done: Promise<void>;
}

interface Target {
  provider: ResolvedProvider;
  model: string;
}

export class ChatService {
  private readonly running = new Map<string, RunningTurn>();
  private readonly events = new EventHub<{ conversationId: string; event: ChatStreamEvent }>();
  private readonly listChanges = new EventHub<void>();
  private readonly nowMs: () => number;
  private readonly newId: () => string;
  private readonly stopRelayingApprovals: () => void;

  constructor(private readonly options: ChatServiceOptions) {
    const clock = options.clock;
    this.nowMs = clock ? () => clock.now() : Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.stopRelayingApprovals = options.approvals.onEvent((event) => this.relayApproval(event));
  }

  list(): ConversationRecord[] {
    return this.options.repository.listConversations();
  }

  get(id: string): ConversationRecord {
    const record = this.options.repository.getConversation(id);
    if (!record) throw new AppError('CONVERSATION_NOT_FOUND', { params: { id } });
    return record;
  }

  /**
   * A new conversation; with `reuseEmpty`, the newest untitled one without messages instead, moved
   * to the top and given the provider (and model) it lacks, so "New conversation" never piles up
   * empty entries. Its own provider and model, when it has them, are the user's choice and stay.
   */
  create(input: ConversationInput = {}, options: { reuseEmpty?: boolean } = {}): ConversationRecord {
    const empty = options.reuseEmpty ? this.options.repository.findEmptyConversation() : undefined;
    if (empty) return this.update(empty.id, missingChoice(empty, input));
    const record = newConversation(this.newId(), input, this.isoNow());
    this.options.repository.insertConversation(record);
    this.listChanges.emit();
    return record;
  }

  /** Takes effect from the next turn; a running one keeps its provider, model and tools. */
  update(id: string, input: ConversationInput): ConversationRecord {
    const record = applyInput(this.get(id), input, this.isoNow());
    this.options.repository.updateConversation(record);
    this.listChanges.emit();
    return record;
  }

  /** Stops a running turn first; nothing of it is written afterwards. */
  remove(id: string): void {
    const turn = this.running.get(id);
    turn?.writer.discard();
    turn?.controller.abort();
    if (!this.options.repository.deleteConversation(id)) throw new AppError('CONVERSATION_NOT_FOUND', { params: { id } });
    this.listChanges.emit();
    this.options.toolResults
      .removeConversation(id)
      .catch((error: unknown) => this.warn(`chat: could not remove the tool results of ${id}`, error));
  }

  /**
   * Every message, oldest first; a running turn's messages as they are now (ahead of the batched
   * writes). Large tool results come as their bounded copy (see toolResult).
   */
  messages(conversationId: string): ChatMessage[] {
    this.get(conversationId);
    const stored = this.options.repository.listMessages(conversationId);
    const turn = this.running.get(conversationId);
    const live = new Map((turn?.transcript.messages() ?? []).map((m) => [m.id, turn?.writer.shown(m) ?? m]));
    return stored.map((message) => live.get(message.id) ?? message);
  }

  /** The whole result of one tool call whose message keeps a bounded copy (`result.shortened`). */
  async toolResult(conversationId: string, messageId: string, callId: string): Promise<ToolResult> {
    this.get(conversationId);
    const live = this.running.get(conversationId)?.transcript.messages().find((m) => m.id === messageId);
    const result = live?.toolCalls.find((call) => call.id === callId)?.result ?? (await this.options.toolResults.load(conversationId, messageId, callId));
    if (!result) throw new AppError('TOOL_RESULT_NOT_FOUND', { params: { messageId, callId } });
    return result;
  }

  /**
   * Commits the user's message, then starts the turn and returns the message. Throws, with nothing
   * stored, when the conversation is missing, a turn is running (TURN_IN_PROGRESS) or its provider
   * cannot be used (PROVIDER_NOT_CONFIGURED): the renderer keeps the text in the composer then.
   */
  send(conversationId: string, text: string): ChatMessage {
    const conversation = this.get(conversationId);
    if (this.running.has(conversationId)) throw new AppError('TURN_IN_PROGRESS', { params: { id: conversationId } });
    const target = this.target(conversation);
    const now = this.isoNow();
    const message: ChatMessage = { id: this.newId(), conversationId, role: 'user', text, toolCalls: [], status: 'done', createdAt: now };
    const { repository } = this.options;
    repository.transaction(() => {
      repository.insertMessage(message);
      repository.appendHistory(conversationId, [{ role: 'user', text }]);
      const title = conversation.title === '' ? titleFrom(text) : conversation.title;
      repository.updateConversation({ ...conversation, title, updatedAt: now });
    });
    this.listChanges.emit();
    this.publish(conversationId, { type: 'message', message });
    this.startTurn(conversation, target);
    return message;
  }

  /** Aborts the running turn (the stream ends, running tool calls are cancelled); false when none runs. */
  stop(conversationId: string): boolean {
    const turn = this.running.get(conversationId);
    turn?.controller.abort();
    return turn !== undefined;
  }

  isRunning(conversationId: string): boolean {
    return this.running.has(conversationId);
  }

  /** Resolves once the conversation's turn (if any) has ended and been written. */
  async settled(conversationId: string): Promise<void> {
    await this.running.get(conversationId)?.done;
  }

  /** Throws NOT_FOUND when nothing waits under callId, VALIDATION when always_allow needs the second confirmation. */
  approve(callId: string, decision: ApprovalDecision, confirmedDestructive?: boolean): void {
    this.options.approvals.answer(callId, decision, confirmedDestructive === undefined ? {} : { confirmedDestructive });
  }

  pendingApprovals(conversationId: string): ApprovalRequest[] {
    return this.options.approvals.listPending().filter((request) => request.conversationId === conversationId);
  }

  /** The conversation's live events; returns the unsubscribe function. */
  subscribe(conversationId: string, listener: (event: ChatStreamEvent) => void): () => void {
    return this.events.subscribe((entry) => {
      if (entry.conversationId === conversationId) listener(entry.event);
    });
  }

  /** Called when a conversation is added, removed, renamed or gets a new message. */
  onConversationsChange(listener: () => void): () => void {
    return this.listChanges.subscribe(listener);
  }

  /**
   * Marks messages a crashed or killed run left 'streaming' as interrupted. Call once at start, by
   * the process that owns conversations (the app or the headless host), before any turn runs.
   */
  recoverInterrupted(): number {
    const { repository } = this.options;
    const stale = repository.listStreamingMessages().filter((m) => !this.running.has(m.conversationId));
    const nowMs = this.nowMs();
    repository.transaction(() => {
      for (const message of stale) {
        const toolCalls = message.toolCalls.map((call) =>
          call.status === 'running' || call.status === 'awaiting_approval' ? { ...call, status: 'cancelled' as const, endedAtMs: call.endedAtMs ?? nowMs } : call,
        );
        repository.updateMessage({ ...message, toolCalls, status: 'error', error: { code: 'TURN_INTERRUPTED' } });
      }
    });
    return stale.length;
  }

  /** Stops every turn and waits until each has been written. */
  async dispose(): Promise<void> {
    this.stopRelayingApprovals();
    const turns = [...this.running.values()];
    for (const turn of turns) turn.controller.abort();
    await Promise.all(turns.map((turn) => turn.done));
    await this.options.toolResults.flush();
  }

  private target(conversation: ConversationRecord): Target {
    if (!conversation.providerId) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id: '' } });
    const provider = this.options.providers.resolve(conversation.providerId);
    const model = conversation.model ?? provider.models[0];
    if (!model) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id: provider.id } });
    return { provider, model };
  }

  private startTurn(conversation: ConversationRecord, target: Target): void {
    const conversationId = conversation.id;
    let storageNoticeShown = false;
    const writeFailed = (error: unknown) => {
      this.warn(`chat: could not store a message of ${conversationId}`, error);
      const failure = this.options.storageError?.(error);
      if (!failure || storageNoticeShown) return;
      storageNoticeShown = true;
      this.publish(conversationId, { type: 'notice', code: failure.code, ...(failure.params ? { params: failure.params } : {}) });
    };
    const turn: RunningTurn = {
      controller: new AbortController(),
      transcript: new TurnTranscript({ conversationId, newId: this.newId, now: () => this.isoNow(), nowMs: this.nowMs }),
      writer: new TurnWriter({
        repository: this.options.repository,
        publish: (event) => this.publish(conversationId, event),
        persistIntervalMs: this.options.persistIntervalMs ?? 500,
        publishIntervalMs: this.options.publishIntervalMs ?? 50,
        saveFullResult: (messageId, callId, result) => {
          this.options.toolResults.save(conversationId, messageId, callId, result).catch(writeFailed);
        },
        onError: writeFailed,
      }),
      callIds: new Set(),
      done: Promise.resolve(),
    };
    this.running.set(conversationId, turn);
    this.publish(conversationId, { type: 'turn', running: true });
    turn.done = this.runTurn(conversation, target, turn)
      .catch((error: unknown) => this.warn(`chat: turn of ${conversationId} failed`, error))
      .finally(() => {
        this.running.delete(conversationId);
        this.publish(conversationId, { type: 'turn', running: false });
      });
  }

  private async runTurn(conversation: ConversationRecord, target: Target, turn: RunningTurn): Promise<void> {
    const { signal } = turn.controller;
    let result: TurnResult;
    try {
      result = await this.options.engine.runTurn({
        conversationId: conversation.id,
        provider: target.provider,
        model: target.model,
        history: this.options.repository.listHistory(conversation.id),
        toolMode: conversation.toolMode,
        selectedServerIds: conversation.selectedServerIds,
        signal,
        onEvent: (event) => this.onEngineEvent(conversation.id, turn, event),
      });
    } catch (error) {
      // The engine reports failures as results; a throw is a bug, and must not leave the turn open.
      this.warn(`chat: the engine threw in a turn of ${conversation.id}`, error);
      result = signal.aborted ? { messages: [], stopReason: 'stopped' } : { messages: [], stopReason: 'error', error: { code: 'INTERNAL' } };
    }
    turn.writer.finish(conversation.id, turn.transcript.finish(result), result.messages, this.isoNow());
    this.listChanges.emit();
  }

  private onEngineEvent(conversationId: string, turn: RunningTurn, event: EngineEvent): void {
    const change = turn.transcript.apply(event);
    if (change) {
      turn.writer.change(change.message, change.weight);
    } else if (event.type === 'approval_requested') {
      turn.callIds.add(event.request.callId);
      this.publish(conversationId, { type: 'approval', request: event.request });
    } else if (event.type === 'tools_omitted') {
      const params = { names: event.names.join(', '), count: event.names.length };
      this.publish(conversationId, { type: 'notice', code: 'TOOLS_OMITTED', params });
    }
  }

  private relayApproval(event: ApprovalEvent): void {
    if (event.type !== 'resolved') return;
    for (const [conversationId, turn] of this.running) {
      if (turn.callIds.delete(event.callId)) this.publish(conversationId, { type: 'approval_resolved', callId: event.callId, decision: event.outcome });
    }
  }

  private publish(conversationId: string, event: ChatStreamEvent): void {
    this.events.emit({ conversationId, event });
  }

  private isoNow(): string {
    return new Date(this.nowMs()).toISOString();
  }

  private warn(message: string, error: unknown): void {
    this.options.logger?.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
