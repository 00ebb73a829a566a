/**
 * chat.* and approvals.* as their routers behave, with the engine left out: a test plays the engine
 * by pushing ChatStreamEvents (emit), which also update what chat.messages and
 * chat.pendingApprovals answer, so a view that reloads sees the same state as one that streamed it.
 */
import {
  type ApprovalPolicy,
  type ApprovalRequest,
  approvalAnswerSchema,
  type ChatMessage,
  type ChatStreamEvent,
  chatEditSchema,
  chatRegenerateSchema,
  chatSendSchema,
  type ConversationRecord,
  conversationCreateRequestSchema,
  conversationUpdateSchema,
  DEFAULT_APPROVAL_POLICY,
  type ToolCallView,
  type ToolPermission,
} from '@elftia/desktop/shared/contracts/chat.ts';
import { type AttachmentData, type AttachmentView, base64Bytes } from '@elftia/desktop/shared/contracts/attachments.ts';
import { toFieldErrors } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import type { z } from 'zod';
import type { ElftiaApi, SubscriptionHandlers } from '../../src/lib/api';
import { type CallRecorder, FakeTrpcError, validationError } from './CallRecorder';
import { Channel } from './channels';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error));
  return parsed.data;
}

export class FakeChat {
  conversations: ConversationRecord[] = [];
  readonly messages = new Map<string, ChatMessage[]>();
  readonly pending = new Map<string, ApprovalRequest>();
  /** What chat.attachment answers, by attachment id (chat.send stores its images here). */
  readonly attachmentData = new Map<string, AttachmentData>();
  /** Whole results chat.toolResult answers, by `${messageId}/${callId}` (set by a test). */
  readonly fullResults = new Map<string, NonNullable<ToolCallView['result']>>();
  permissions: ToolPermission[] = [];
  policy: ApprovalPolicy = { ...DEFAULT_APPROVAL_POLICY };
  readonly #listeners = new Map<string, Set<SubscriptionHandlers<ChatStreamEvent>>>();
  readonly listChannel = new Channel(() => this.conversations.map((c) => ({ ...c })));
  readonly permissionChannel = new Channel(() => this.permissions.map((p) => ({ ...p })));
  #nextId = 1;
  #clock = 0;

  constructor(private readonly recorder: CallRecorder) {}

  readonly chatApi: ElftiaApi['chat'] = {
    conversations: {
      onChanged: { subscribe: (input, handlers) => this.listChannel.subscribe(input, handlers) },
      create: {
        mutate: (input) =>
          this.recorder.run('chat.conversations.create', input, () => {
            const { reuseEmpty, ...fields } = parse(conversationCreateRequestSchema, input);
            return (reuseEmpty && this.#reuseEmpty(fields)) || this.createConversation(fields);
          }),
      },
      update: {
        mutate: (input) =>
          this.recorder.run('chat.conversations.update', input, () => {
            const { id, ...fields } = parse(conversationUpdateSchema, input);
            const next = { ...this.#conversation(id), ...fields, updatedAt: this.#now() };
            this.conversations = this.conversations.map((c) => (c.id === id ? next : c));
            this.listChannel.emit();
            return { ...next };
          }),
      },
      remove: {
        mutate: (input) =>
          this.recorder.run('chat.conversations.remove', input, () => {
            this.#conversation(input.id);
            this.conversations = this.conversations.filter((c) => c.id !== input.id);
            this.messages.delete(input.id);
            this.listChannel.emit();
            return { id: input.id };
          }),
      },
    },
    messages: { query: (input) => this.recorder.run('chat.messages', input, () => [...(this.messages.get(input.conversationId) ?? [])]) },
    toolResult: {
      query: (input) =>
        this.recorder.run('chat.toolResult', input, () => {
          const result = this.fullResults.get(`${input.messageId}/${input.callId}`);
          if (!result) throw new FakeTrpcError({ code: 'TOOL_RESULT_NOT_FOUND', params: { messageId: input.messageId, callId: input.callId } });
          return result;
        }),
    },
    attachment: {
      query: (input) =>
        this.recorder.run('chat.attachment', input, () => {
          const data = this.attachmentData.get(input.attachmentId);
          if (!data) throw new FakeTrpcError({ code: 'ATTACHMENT_NOT_FOUND', params: { attachmentId: input.attachmentId } });
          return data;
        }),
    },
    // Like ChatService: the user's message is stored and streamed, then the turn starts.
    send: {
      mutate: (input) =>
        this.recorder.run('chat.send', input, () => {
          const { conversationId, text, attachments = [] } = parse(chatSendSchema, input);
          const conversation = this.#conversation(conversationId);
          // Like ChatService: a conversation without a title takes one from its first message.
          if (conversation.title === '') this.#replace({ ...conversation, title: (text || (attachments[0]?.name ?? '')).slice(0, 40) });
          const views = attachments.map((attachment): AttachmentView => {
            const id = `att-${this.#nextId++}`;
            if (attachment.kind === 'text') return { id, kind: 'text', name: attachment.name, mimeType: 'text/plain', size: attachment.text.length };
            this.attachmentData.set(id, { mimeType: attachment.mimeType, data: attachment.data });
            return { id, kind: 'image', name: attachment.name, mimeType: attachment.mimeType, size: base64Bytes(attachment.data) };
          });
          const message = this.message(conversationId, { role: 'user', text, ...(views.length > 0 ? { attachments: views } : {}) });
          this.emit(conversationId, { type: 'message', message });
          this.emit(conversationId, { type: 'turn', running: true });
          return { messageId: message.id };
        }),
    },
    // What ChatService publishes after an edit or a regenerate; its rules (idle conversation, the last
    // answer only, the user's own messages) are tested on the real service and router.
    edit: {
      mutate: (input) =>
        this.recorder.run('chat.edit', input, () => {
          const { conversationId, messageId, text } = parse(chatEditSchema, input);
          this.#removeFrom(conversationId, (this.messages.get(conversationId) ?? []).findIndex((m) => m.id === messageId));
          const message = this.message(conversationId, { role: 'user', text });
          this.emit(conversationId, { type: 'message', message });
          this.emit(conversationId, { type: 'turn', running: true });
          return message;
        }),
    },
    regenerate: {
      mutate: (input) =>
        this.recorder.run('chat.regenerate', input, () => {
          const { conversationId } = parse(chatRegenerateSchema, input);
          const list = this.messages.get(conversationId) ?? [];
          this.#removeFrom(conversationId, list.findLastIndex((m) => m.role === 'user') + 1);
          this.emit(conversationId, { type: 'turn', running: true });
          return { conversationId };
        }),
    },
    stop: {
      mutate: (input) =>
        this.recorder.run('chat.stop', input, () => {
          this.emit(input.conversationId, { type: 'turn', running: false });
          return { stopped: true };
        }),
    },
    approve: {
      mutate: (input) =>
        this.recorder.run('chat.approve', input, () => {
          const answer = parse(approvalAnswerSchema, input);
          const request = this.pending.get(answer.callId);
          if (!request) throw new FakeTrpcError({ code: 'NOT_FOUND', params: { id: answer.callId } });
          // The second confirmation a destructive tool needs is the router's rule (packages/desktop/test/agent/approvals.test.ts).
          if (answer.decision === 'always_allow' && request.serverId) {
            this.permissions = [...this.permissions, { serverId: request.serverId, serverName: request.serverName ?? '', toolName: request.toolName, createdAt: this.#now() }];
            this.permissionChannel.emit();
          }
          this.emit(request.conversationId, { type: 'approval_resolved', callId: answer.callId, decision: answer.decision });
          return { ok: true };
        }),
    },
    pendingApprovals: {
      query: (input) =>
        this.recorder.run('chat.pendingApprovals', input, () => [...this.pending.values()].filter((r) => r.conversationId === input.conversationId)),
    },
    onConversation: {
      subscribe: (input, handlers) => {
        const set = this.#listeners.get(input.conversationId) ?? new Set();
        this.#listeners.set(input.conversationId, set.add(handlers));
        return { unsubscribe: () => void set.delete(handlers) };
      },
    },
  };

  readonly approvalsApi: ElftiaApi['approvals'] = {
    onPermissionsChanged: { subscribe: (input, handlers) => this.permissionChannel.subscribe(input, handlers) },
    revoke: {
      mutate: (input) =>
        this.recorder.run('approvals.revoke', input, () => {
          const before = this.permissions.length;
          this.permissions = this.permissions.filter((p) => !(p.serverId === input.serverId && p.toolName === input.toolName));
          this.permissionChannel.emit();
          return { revoked: this.permissions.length < before };
        }),
    },
    policy: { query: () => this.recorder.run('approvals.policy', undefined, () => ({ ...this.policy })) },
    setPolicy: {
      mutate: (input) =>
        this.recorder.run('approvals.setPolicy', input, () => {
          this.policy = { ...this.policy, ...input };
          return { ...this.policy };
        }),
    },
  };

  createConversation(fields: Partial<Omit<ConversationRecord, 'id' | 'createdAt' | 'updatedAt'>> = {}): ConversationRecord {
    const now = this.#now();
    const record: ConversationRecord = { id: `conv-${this.#nextId++}`, title: '', toolMode: 'auto', selectedServerIds: [], ...fields, createdAt: now, updatedAt: now };
    this.conversations = [record, ...this.conversations];
    this.messages.set(record.id, []);
    this.listChannel.emit();
    return { ...record };
  }

  /** A message as ChatService would store it (not yet streamed; pass it to emit). */
  message(conversationId: string, fields: Partial<ChatMessage> & Pick<ChatMessage, 'role'>): ChatMessage {
    return { id: `msg-${this.#nextId++}`, conversationId, text: '', toolCalls: [], status: 'done', createdAt: this.#now(), ...fields };
  }

  /** What the engine and ChatService would push; also updates what the queries answer. */
  emit(conversationId: string, event: ChatStreamEvent): void {
    if (event.type === 'message') {
      const list = this.messages.get(conversationId) ?? [];
      const index = list.findIndex((m) => m.id === event.message.id);
      this.messages.set(conversationId, index === -1 ? [...list, event.message] : list.map((m, i) => (i === index ? event.message : m)));
    }
    if (event.type === 'approval') this.pending.set(event.request.callId, event.request);
    if (event.type === 'approval_resolved') this.pending.delete(event.callId);
    for (const listener of this.#listeners.get(conversationId) ?? []) listener.onData(event);
  }

  /** Fails the conversation's stream, as a dropped bridge would. */
  failStream(conversationId: string, error: unknown): void {
    for (const listener of this.#listeners.get(conversationId) ?? []) listener.onError(error);
  }

  listenersOf(conversationId: string): number {
    return this.#listeners.get(conversationId)?.size ?? 0;
  }

  /** Like ChatService.create with reuseEmpty: the newest untitled conversation without messages, on top, given the provider it lacks. */
  #reuseEmpty(fields: Pick<ConversationRecord, 'providerId' | 'model'>): ConversationRecord | undefined {
    const empty = this.conversations.find((c) => c.title === '' && (this.messages.get(c.id) ?? []).length === 0);
    if (!empty) return undefined;
    const choice = empty.providerId === undefined ? { providerId: fields.providerId, model: fields.model } : {};
    const next = { ...empty, ...choice, updatedAt: this.#now() };
    this.conversations = [next, ...this.conversations.filter((c) => c.id !== empty.id)];
    this.listChannel.emit();
    return { ...next };
  }

  #removeFrom(conversationId: string, index: number): void {
    const list = this.messages.get(conversationId) ?? [];
    const removed = index < 0 ? [] : list.slice(index).map((m) => m.id);
    this.messages.set(conversationId, list.filter((m) => !removed.includes(m.id)));
    if (removed.length > 0) this.emit(conversationId, { type: 'messages_removed', ids: removed });
  }

  #replace(record: ConversationRecord): void {
    this.conversations = this.conversations.map((c) => (c.id === record.id ? record : c));
    this.listChannel.emit();
  }

  #conversation(id: string): ConversationRecord {
    const record = this.conversations.find((c) => c.id === id);
    if (!record) throw new FakeTrpcError({ code: 'NOT_FOUND', params: { id } });
    return record;
  }

  #now(): string {
    return new Date(Date.UTC(2026, 0, 1, 12, 0, this.#clock++)).toISOString();
  }
}
