/**
 * Conversations and their turns. `send` commits the user's message before anything else
 * can fail, then runs the turn in the background through the TinyElf engine, one turn at a time per
 * conversation; what the engine reports is stored as ChatMessages and published as ChatStreamEvents.
 * `edit` and `regenerate` replace the later turns (no branches) in one transaction, then run a turn.
 */
import crypto from 'node:crypto';
import type { ApprovalDecision, ApprovalRequest, ChatMessage, ChatStreamEvent, ConversationRecord } from '../../shared/contracts/chat';
import type { AttachmentData, AttachmentInput } from '../../shared/contracts/attachments';
import type { ToolCallAppRef } from '../../shared/contracts/apps';
import { defaultModelOf, type ResolvedProvider } from '../../shared/contracts/providers';
import type { ConversationRepository, RemovedMessages } from '../db/ConversationRepository';
import { AppError } from '../lib/errors';
import type { EngineEvent, RunTurnOptions, TurnResult } from '../engine/engineTypes';
import type { ApprovalEvent } from '../approvals/ApprovalService';
import { EventHub } from '../lib/eventHub';
import type { AttachmentStore } from './AttachmentStore';
import { hasImageRefs, loadHistoryImages, prepareAttachments, type UserMessage, withEditedText } from './attachments';
import { applyInput, type ConversationInput, newConversation, reusedInput, titleFrom } from './conversationInput';
import { type Cut, editCut, regenerateCut } from './conversationRewind';
import { ConversationTitler } from './ConversationTitler';
import type { ChatTitles } from './TitleGenerator';
import { newRunningTurn, type RunningTurn } from './RunningTurn';
import type { BatchTimers } from './TurnWriter';
import type { ToolResult } from './toolResultView';
import type { ToolResultStore } from './ToolResultStore';
import { withAppContext } from './appContextHistory';

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
  /** Where the images users attach go. */
  attachments: AttachmentStore;
  /** The system prompt a new conversation starts with (Settings → General); default none. */
  defaultSystemPrompt?: () => string;
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
  /** Runs those two intervals (tests move a manual clock). Default systemClock. */
  batchTimers?: BatchTimers;
  logger?: { warn(message: string): void };
  /**
   * Names a failed write of a turn's messages that the user must act on (a full disk, a read-only
   * database); the turn then shows it as a notice, once. Default none: such failures are only logged.
   */
  storageError?: (error: unknown) => AppError | undefined;
  /** Names conversations after their first answer (TitleGenerator). Default none: the first message's start stays. */
  titles?: ChatTitles;
  /**
   * What the conversation's MCP Apps gave the model (ui/update-model-context): each turn sends it
   * before the user's latest message, not stored with it; forgotten with the conversation. Default none.
   */
  appContext?: ConversationAppContext;
}

/** The apps' context of each conversation (apps/AppModelContext). */
export interface ConversationAppContext {
  /** The block the model reads before the user's message; undefined when no app gave any. */
  modelText(conversationId: string): string | undefined;
  forget(conversationId: string): void;
}

interface Target {
  provider: ResolvedProvider;
  model: string;
}

export class ChatService {
  private readonly running = new Map<string, RunningTurn>();
  /** The provider and model of each running turn, by conversation. */
  private readonly targets = new Map<string, Target>();
  private readonly events = new EventHub<{ conversationId: string; event: ChatStreamEvent }>();
  private readonly listChanges = new EventHub<void>();
  /** Pending approvals of MCP Apps' calls: call id → conversation. */
  private readonly appApprovals = new Map<string, string>();
  private readonly nowMs: () => number;
  private readonly newId: () => string;
  private readonly stopRelayingApprovals: () => void;
  private readonly titler: ConversationTitler;

  constructor(private readonly options: ChatServiceOptions) {
    const clock = options.clock;
    this.nowMs = clock ? () => clock.now() : Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.stopRelayingApprovals = options.approvals.onEvent((event) => this.relayApproval(event));
    this.titler = new ConversationTitler({
      repository: options.repository,
      ...(options.titles ? { titles: options.titles } : {}),
      onTitled: () => this.listChanges.emit(),
      warn: (message, error) => this.warn(message, error),
    });
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
    if (empty) return this.update(empty.id, reusedInput(empty, input, this.options.defaultSystemPrompt?.()));
    const systemPrompt = input.systemPrompt ?? this.options.defaultSystemPrompt?.() ?? '';
    const record = newConversation(this.newId(), { ...input, systemPrompt }, this.isoNow());
    this.options.repository.insertConversation(record, record.title === '' ? 'pending' : 'user');
    this.listChanges.emit();
    return record;
  }

  /**
   * Takes effect from the next turn; a running one keeps its provider, model and tools. A title
   * given here is the user's and is never replaced by a generated one; an empty title lets the
   * conversation be named again.
   */
  update(id: string, input: ConversationInput): ConversationRecord {
    const record = applyInput(this.get(id), input, this.isoNow());
    const { repository } = this.options;
    repository.transaction(() => {
      repository.updateConversation(record);
      if (input.title !== undefined) repository.setTitleState(id, input.title === '' ? 'pending' : 'user');
    });
    this.listChanges.emit();
    return record;
  }

  /** Stops a running turn first; nothing of it is written afterwards. */
  remove(id: string): void {
    const turn = this.running.get(id);
    turn?.writer.discard();
    turn?.controller.abort();
    this.titler.cancel(id);
    if (!this.options.repository.deleteConversation(id)) throw new AppError('CONVERSATION_NOT_FOUND', { params: { id } });
    this.options.appContext?.forget(id);
    this.listChanges.emit();
    this.options.toolResults
      .removeConversation(id)
      .catch((error: unknown) => this.warn(`chat: could not remove the tool results of ${id}`, error));
    this.options.attachments
      .removeConversation(id)
      .catch((error: unknown) => this.warn(`chat: could not remove the attachments of ${id}`, error));
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

  /**
   * The app the tool call `callId` of this conversation declares, whether its message is stored or
   * still streaming (an app shows, and may call, while the model writes its call's arguments).
   */
  toolCallApp(conversationId: string, callId: string): ToolCallAppRef | undefined {
    for (const message of this.running.get(conversationId)?.transcript.messages() ?? []) {
      const call = message.toolCalls.find((candidate) => candidate.id === callId);
      if (call) return call.app;
    }
    return this.options.repository.toolCallApp(conversationId, callId);
  }

  /** The whole result of one tool call whose message keeps a bounded copy (`result.shortened`). */
  async toolResult(conversationId: string, messageId: string, callId: string): Promise<ToolResult> {
    this.get(conversationId);
    const live = this.running.get(conversationId)?.transcript.messages().find((m) => m.id === messageId);
    const result = live?.toolCalls.find((call) => call.id === callId)?.result ?? (await this.options.toolResults.load(conversationId, messageId, callId));
    if (!result) throw new AppError('TOOL_RESULT_NOT_FOUND', { params: { messageId, callId } });
    return result;
  }

  /** One image of a stored message, for the message's thumbnail. */
  async attachment(conversationId: string, attachmentId: string): Promise<AttachmentData> {
    const view = this.messages(conversationId)
      .flatMap((message) => message.attachments ?? [])
      .find((attachment) => attachment.id === attachmentId && attachment.kind === 'image');
    const bytes = view && (await this.options.attachments.load(conversationId, attachmentId));
    if (!view || !bytes) throw new AppError('ATTACHMENT_NOT_FOUND', { params: { attachmentId } });
    return { mimeType: view.mimeType, data: bytes.toString('base64') };
  }

  /**
   * Commits the user's message (its images written first), then starts the turn and returns the
   * message. Throws, with nothing stored, when the conversation is missing, a turn is running
   * (TURN_IN_PROGRESS), its provider cannot be used (PROVIDER_NOT_CONFIGURED) or an attached image is
   * not one (VALIDATION): the renderer keeps the text and files in the composer then.
   */
  send(conversationId: string, text: string, attachments: readonly AttachmentInput[] = []): ChatMessage {
    const { conversation, target } = this.idle(conversationId);
    const prepared = prepareAttachments(text, attachments, this.newId);
    const message = this.userMessage(conversationId, text);
    if (prepared.views.length > 0) message.attachments = prepared.views;
    this.options.attachments.saveSync(conversationId, prepared.images);
    try {
      this.options.repository.transaction(() => this.storeUserMessage(conversation, message, prepared.history, conversation.title === ''));
    } catch (error) {
      this.options.attachments.removeSync(conversationId, prepared.images.map((image) => image.id));
      throw error;
    }
    this.listChanges.emit();
    this.publish(conversationId, { type: 'message', message });
    this.startTurn(conversation, target);
    return message;
  }

  /**
   * Replaces one of the user's messages, and every message after it, by `text`, then answers it:
   * later turns are replaced, not kept as branches. Refused, with nothing changed, while a turn runs
   * (TURN_IN_PROGRESS), when the provider cannot be used, or when `messageId` is not one of the
   * user's messages in this conversation (MESSAGE_NOT_FOUND, MESSAGE_NOT_EDITABLE).
   */
  edit(conversationId: string, messageId: string, text: string): ChatMessage {
    const { conversation, target } = this.idle(conversationId);
    const { repository } = this.options;
    const cut = editCut(repository, conversationId, messageId);
    const message = this.userMessage(conversationId, text);
    // The files the message was sent with go with its new text (the editor changes only the text).
    const edited = repository.getMessage(conversationId, messageId);
    const sent = repository.userHistoryOf(conversationId, messageId);
    const history: UserMessage = sent?.role === 'user' && edited ? withEditedText(sent, edited.text, text) : { role: 'user', text };
    if (edited?.attachments?.length) message.attachments = edited.attachments;
    // The first message names a conversation until a title is generated or given.
    const retitle = cut.first && repository.titleState(conversationId) === 'pending';
    const removed = repository.transaction(() => {
      const ids = this.removeFrom(conversationId, cut);
      this.storeUserMessage(conversation, message, history, retitle);
      return ids;
    });
    // A title being written for the replaced first question would name the conversation after it.
    if (cut.first) this.titler.cancel(conversationId);
    const kept = new Set(message.attachments?.map((attachment) => attachment.id));
    removed.imageIds = removed.imageIds.filter((id) => !kept.has(id));
    this.afterRemoval(conversationId, removed);
    this.publish(conversationId, { type: 'message', message });
    this.startTurn(conversation, target);
    return message;
  }

  /**
   * Runs the last turn again: its answers are removed and the model answers its user message anew
   * ("Regenerate", and "Retry" after an error). `messageId` is an answer of that turn, or its user
   * message (when it has no answer). Refused like edit, and with NOT_LAST_ANSWER for an earlier message.
   */
  regenerate(conversationId: string, messageId: string): void {
    const { conversation, target } = this.idle(conversationId);
    const { repository } = this.options;
    const cut = regenerateCut(repository, conversationId, messageId);
    const now = this.isoNow();
    const removed = repository.transaction(() => {
      const ids = this.removeFrom(conversationId, cut);
      repository.touchConversation(conversationId, now);
      return ids;
    });
    this.afterRemoval(conversationId, removed);
    this.startTurn(conversation, target);
  }

  /** Aborts the running turn (the stream ends, running tool calls are cancelled); false when none runs. */
  stop(conversationId: string): boolean {
    const turn = this.running.get(conversationId);
    turn?.controller.abort();
    return turn !== undefined;
  }

  /**
   * The conversation, provider and model of a running turn's tool call: a server's request made
   * during the call (an elicitation, a sampling request) belongs to that conversation.
   */
  callTarget(callId: string): (Target & { conversationId: string }) | undefined {
    for (const [conversationId, turn] of this.running) {
      const target = this.targets.get(conversationId);
      if (target && turn.transcript.messages().some((message) => message.toolCalls.some((call) => call.id === callId))) return { conversationId, ...target };
    }
    return undefined;
  }

  /** Called when any conversation's turn ends (answered, stopped or failed); returns the unsubscribe function. */
  onTurnEnded(listener: (conversationId: string) => void): () => void {
    return this.events.subscribe((entry) => {
      if (entry.event.type === 'turn' && !entry.event.running) listener(entry.conversationId);
    });
  }

  isRunning(conversationId: string): boolean {
    return this.running.has(conversationId);
  }

  /** Resolves once the conversation's turn (if any) has ended and been written. */
  async settled(conversationId: string): Promise<void> {
    await this.running.get(conversationId)?.done;
    await this.titler.settled(conversationId);
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
          call.status === 'running' || call.status === 'awaiting_approval' || call.status === 'streaming' ? { ...call, status: 'cancelled' as const, endedAtMs: call.endedAtMs ?? nowMs } : call,
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
    await this.titler.dispose();
    await this.options.toolResults.flush();
  }

  /** The conversation, when no turn runs and its provider can be used (else throws, changing nothing). */
  private idle(conversationId: string): { conversation: ConversationRecord; target: Target } {
    const conversation = this.get(conversationId);
    if (this.running.has(conversationId)) throw new AppError('TURN_IN_PROGRESS', { params: { id: conversationId } });
    return { conversation, target: this.target(conversation) };
  }

  private userMessage(conversationId: string, text: string): ChatMessage {
    return { id: this.newId(), conversationId, role: 'user', text, toolCalls: [], status: 'done', createdAt: this.isoNow() };
  }

  /** Call inside a transaction: the message, its history row, and the conversation's activity (and title). */
  private storeUserMessage(conversation: ConversationRecord, message: ChatMessage, history: UserMessage, retitle: boolean): void {
    const { repository } = this.options;
    repository.insertMessage(message);
    repository.appendHistory(conversation.id, [history], message.id);
    // A message of files only is titled by its first file.
    const title = retitle ? titleFrom(message.text || (message.attachments?.[0]?.name ?? '')) : conversation.title;
    repository.updateConversation({ ...conversation, title, updatedAt: message.createdAt });
  }

  /** Call inside a transaction. */
  private removeFrom(conversationId: string, cut: Cut): RemovedMessages {
    return this.options.repository.removeFrom(conversationId, cut.messageSeq, cut.historySeq);
  }

  /** Tells subscribers, and deletes the removed messages' stored tool results and images (the rows are gone already). */
  private afterRemoval(conversationId: string, removed: RemovedMessages): void {
    this.listChanges.emit();
    if (removed.ids.length === 0) return;
    this.publish(conversationId, { type: 'messages_removed', ids: removed.ids });
    this.options.attachments.removeSync(conversationId, removed.imageIds);
    this.options.toolResults
      .removeMessages(conversationId, removed.ids)
      .catch((error: unknown) => this.warn(`chat: could not remove the tool results of replaced messages in ${conversationId}`, error));
  }

  private target(conversation: ConversationRecord): Target {
    if (!conversation.providerId) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id: '' } });
    const provider = this.options.providers.resolve(conversation.providerId);
    const model = conversation.model ?? defaultModelOf(provider);
    if (!model) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id: provider.id } });
    return { provider, model };
  }

  private startTurn(conversation: ConversationRecord, target: Target): void {
    const conversationId = conversation.id;
    const { repository, toolResults, storageError } = this.options;
    const turn = newRunningTurn({
      conversationId,
      repository,
      toolResults,
      publish: (event) => this.publish(conversationId, event),
      newId: this.newId,
      now: () => this.isoNow(),
      nowMs: this.nowMs,
      persistIntervalMs: this.options.persistIntervalMs ?? 500,
      publishIntervalMs: this.options.publishIntervalMs ?? 50,
      ...(this.options.batchTimers ? { batchTimers: this.options.batchTimers } : {}),
      ...(storageError ? { storageError } : {}),
      warn: (message, error) => this.warn(message, error),
    });
    this.running.set(conversationId, turn);
    this.targets.set(conversationId, target);
    this.publish(conversationId, { type: 'turn', running: true });
    turn.done = this.runTurn(conversation, target, turn)
      .catch((error: unknown) => this.warn(`chat: turn of ${conversationId} failed`, error))
      .finally(() => {
        this.running.delete(conversationId);
        this.targets.delete(conversationId);
        this.publish(conversationId, { type: 'turn', running: false });
      });
  }

  private async runTurn(conversation: ConversationRecord, target: Target, turn: RunningTurn): Promise<void> {
    const { signal } = turn.controller;
    let result: TurnResult;
    try {
      const stored = this.options.repository.listHistory(conversation.id);
      // Without images the engine starts at once, within send (the turn's first events come before it returns).
      const loaded = hasImageRefs(stored) ? await loadHistoryImages(stored, (id) => this.options.attachments.load(conversation.id, id)) : stored;
      const history = withAppContext(loaded, this.options.appContext?.modelText(conversation.id));
      result = await this.options.engine.runTurn({
        conversationId: conversation.id,
        provider: target.provider,
        model: target.model,
        history,
        ...(conversation.systemPrompt ? { system: conversation.systemPrompt } : {}),
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
    const finished = turn.transcript.finish(result);
    turn.writer.finish(conversation.id, finished, result.messages, this.isoNow());
    this.listChanges.emit();
    if (result.stopReason === 'answered' && !signal.aborted) this.titler.afterAnswer(conversation.id, target, finished.at(-1)?.text ?? '');
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
    // An MCP App's call (apps.callTool) asks outside any turn: its conversation hears of it here.
    if (event.type === 'requested' && event.request.appHostCallId !== undefined) {
      this.appApprovals.set(event.request.callId, event.request.conversationId);
      this.publish(event.request.conversationId, { type: 'approval', request: event.request });
      return;
    }
    if (event.type !== 'resolved') return;
    const appConversation = this.appApprovals.get(event.callId);
    if (appConversation !== undefined) {
      this.appApprovals.delete(event.callId);
      this.publish(appConversation, { type: 'approval_resolved', callId: event.callId, decision: event.outcome });
      return;
    }
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
