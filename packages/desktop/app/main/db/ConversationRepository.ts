import type { ChatMessage, ChatMessageStatus, ConversationRecord, ManyToolsNote, TokenUsage, ToolCallView, ToolMode } from '../../shared/contracts/chat';
import type { EngineMessage } from '../../shared/contracts/engine-message';
import type { ToolCallAppRef } from '../../shared/contracts/apps';
import type { Db } from './database';

interface ConversationRow {
  id: string;
  title: string;
  provider_id: string | null;
  model: string | null;
  tool_mode: ToolMode;
  selected_server_ids_json: string;
  system_prompt: string | null;
  created_at: string;
  updated_at: string;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  role: ChatMessage['role'];
  text: string;
  status: ChatMessageStatus;
  error_json: string | null;
  tool_calls_json: string;
  attachments_json: string | null;
  created_at: string;
  usage_json: string | null;
  many_tools_json: string | null;
}

/**
 * Where a conversation's title comes from (migration 0009): 'pending' may still be replaced by a
 * generated title, 'user' never is.
 */
export type TitleState = 'pending' | 'generated' | 'fallback' | 'user';

/** A message's place in its conversation. */
export interface MessagePlace {
  id: string;
  role: ChatMessage['role'];
  seq: number;
}

/**
 * The only place with SQL for conversations, their messages (what the user sees) and their engine
 * history (what the model is sent). Rows are written only by this process's ChatService, so JSON
 * columns are trusted on read.
 */
/** What removeFrom deleted: the messages, and the stored images they were sent with (files to delete). */
export interface RemovedMessages {
  ids: string[];
  imageIds: string[];
}

export class ConversationRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  /** Most recently active first. */
  listConversations(): ConversationRecord[] {
    return this.#db.prepare<[], ConversationRow>('SELECT * FROM conversations ORDER BY updated_at DESC, rowid DESC').all().map(toConversation);
  }

  /** The most recently active conversation that is untitled and has no message, if any. */
  findEmptyConversation(): ConversationRecord | undefined {
    const sql = `SELECT * FROM conversations c
                 WHERE c.title = '' AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id)
                 ORDER BY c.updated_at DESC, c.rowid DESC LIMIT 1`;
    const row = this.#db.prepare<[], ConversationRow>(sql).get();
    return row && toConversation(row);
  }

  getConversation(id: string): ConversationRecord | undefined {
    const row = this.#db.prepare<[string], ConversationRow>('SELECT * FROM conversations WHERE id = ?').get(id);
    return row && toConversation(row);
  }

  insertConversation(record: ConversationRecord, titleState: TitleState = 'pending'): void {
    this.#db
      .prepare(
        `INSERT INTO conversations (id, title, provider_id, model, tool_mode, selected_server_ids_json, system_prompt, created_at, updated_at, title_state)
         VALUES (@id, @title, @providerId, @model, @toolMode, @selected, @systemPrompt, @createdAt, @updatedAt, @titleState)`,
      )
      .run({ ...conversationParams(record), titleState });
  }

  titleState(id: string): TitleState | undefined {
    return this.#db.prepare<[string], { title_state: TitleState }>('SELECT title_state FROM conversations WHERE id = ?').get(id)?.title_state;
  }

  setTitleState(id: string, state: TitleState): void {
    this.#db.prepare('UPDATE conversations SET title_state = ? WHERE id = ?').run(state, id);
  }

  /**
   * Stores a generated title only while the title is still 'pending': a rename that landed first
   * wins. Leaves updated_at alone (a title is no activity). False when nothing was written.
   */
  setGeneratedTitle(id: string, title: string): boolean {
    const sql = "UPDATE conversations SET title = ?, title_state = 'generated' WHERE id = ? AND title_state = 'pending'";
    return this.#db.prepare(sql).run(title, id).changes === 1;
  }

  /** A generation that failed: the title stays as it is, and no other is tried ('fallback'). */
  abandonPendingTitle(id: string): void {
    this.#db.prepare("UPDATE conversations SET title_state = 'fallback' WHERE id = ? AND title_state = 'pending'").run(id);
  }

  /** Returns false when no conversation has that id. */
  updateConversation(record: ConversationRecord): boolean {
    const sql = `UPDATE conversations SET title = @title, provider_id = @providerId, model = @model, tool_mode = @toolMode,
                 selected_server_ids_json = @selected, system_prompt = @systemPrompt, updated_at = @updatedAt WHERE id = @id`;
    return this.#db.prepare(sql).run(conversationParams(record)).changes === 1;
  }

  /** Removes the conversation with its messages and history (ON DELETE CASCADE). */
  deleteConversation(id: string): boolean {
    return this.#db.prepare('DELETE FROM conversations WHERE id = ?').run(id).changes === 1;
  }

  /** In the order they were added. */
  listMessages(conversationId: string): ChatMessage[] {
    const sql = 'SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY seq';
    return this.#db.prepare<[string], MessageRow>(sql).all(conversationId).map(toMessage);
  }

  /** Appends the message after the conversation's last one. */
  insertMessage(message: ChatMessage): void {
    this.#db
      .prepare(
        `INSERT INTO chat_messages (id, conversation_id, seq, role, text, status, error_json, tool_calls_json, attachments_json, created_at, usage_json, many_tools_json)
         VALUES (@id, @conversationId,
                 (SELECT COALESCE(MAX(seq), 0) + 1 FROM chat_messages WHERE conversation_id = @conversationId),
                 @role, @text, @status, @errorJson, @toolCallsJson, @attachmentsJson, @createdAt, @usageJson, @manyToolsJson)`,
      )
      .run({
        ...messageParams(message),
        conversationId: message.conversationId,
        role: message.role,
        // Written once with the message: a message's files never change.
        attachmentsJson: message.attachments?.length ? JSON.stringify(message.attachments) : null,
        createdAt: message.createdAt,
      });
  }

  /** Writes the message's changing parts (text, status, error, tool calls, usage). False when it is gone. */
  updateMessage(message: ChatMessage): boolean {
    const sql = `UPDATE chat_messages SET text = @text, status = @status, error_json = @errorJson, tool_calls_json = @toolCallsJson,
                 usage_json = @usageJson, many_tools_json = @manyToolsJson WHERE id = @id`;
    return this.#db.prepare(sql).run(messageParams(message)).changes === 1;
  }

  /**
   * The app a stored tool call of this conversation declares (ToolCall.app), read inside SQLite from
   * the calls' JSON; undefined when no such call is stored or it declares none. Newest messages first
   * (the (conversation_id, seq) index backwards): an app's card is usually near the end, and every call
   * the app makes looks it up.
   */
  toolCallApp(conversationId: string, callId: string): ToolCallAppRef | undefined {
    const sql = `SELECT json_extract(c.value, '$.app.serverId') AS serverId, json_extract(c.value, '$.app.resourceUri') AS resourceUri
                 FROM chat_messages m, json_each(m.tool_calls_json) c
                 WHERE m.conversation_id = ? AND json_valid(m.tool_calls_json) AND json_extract(c.value, '$.id') = ?
                 ORDER BY m.seq DESC LIMIT 1`;
    const row = this.#db.prepare<[string, string], { serverId: unknown; resourceUri: unknown }>(sql).get(conversationId, callId);
    return row && typeof row.serverId === 'string' && typeof row.resourceUri === 'string' ? { serverId: row.serverId, resourceUri: row.resourceUri } : undefined;
  }

  /** One message, when it belongs to this conversation. */
  getMessage(conversationId: string, messageId: string): ChatMessage | undefined {
    const sql = 'SELECT * FROM chat_messages WHERE conversation_id = ? AND id = ?';
    const row = this.#db.prepare<[string, string], MessageRow>(sql).get(conversationId, messageId);
    return row ? toMessage(row) : undefined;
  }

  /** The message's place, when it belongs to this conversation. */
  messagePlace(conversationId: string, messageId: string): MessagePlace | undefined {
    const sql = 'SELECT id, role, seq FROM chat_messages WHERE conversation_id = ? AND id = ?';
    return this.#db.prepare<[string, string], MessagePlace>(sql).get(conversationId, messageId);
  }

  /** The conversation's first message from the user, with its text. */
  firstUserMessage(conversationId: string): (MessagePlace & { text: string }) | undefined {
    const sql = "SELECT id, role, seq, text FROM chat_messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq LIMIT 1";
    return this.#db.prepare<[string], MessagePlace & { text: string }>(sql).get(conversationId);
  }

  /** The conversation's last message from the user. */
  lastUserMessage(conversationId: string): MessagePlace | undefined {
    const sql = "SELECT id, role, seq FROM chat_messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq DESC LIMIT 1";
    return this.#db.prepare<[string], MessagePlace>(sql).get(conversationId);
  }

  /** The seq of the history row a user message was sent as (undefined when untied, see migration 0009). */
  /** The history row chat.send stored for the user message `messageId` (its text files inlined, its images as refs). */
  userHistoryOf(conversationId: string, messageId: string): EngineMessage | undefined {
    const sql = 'SELECT message_json FROM chat_history WHERE conversation_id = ? AND message_id = ? ORDER BY seq LIMIT 1';
    const row = this.#db.prepare<[string, string], { message_json: string }>(sql).get(conversationId, messageId);
    return row ? (JSON.parse(row.message_json) as EngineMessage) : undefined;
  }

  historySeqOf(conversationId: string, messageId: string): number | undefined {
    const sql = 'SELECT seq FROM chat_history WHERE conversation_id = ? AND message_id = ?';
    return this.#db.prepare<[string, string], { seq: number }>(sql).get(conversationId, messageId)?.seq;
  }

  /**
   * Removes the messages from `messageSeq` on and the history rows from `historySeq` on; returns the
   * removed messages' ids. Call inside a transaction with what replaces them.
   */
  removeFrom(conversationId: string, messageSeq: number, historySeq: number): RemovedMessages {
    const rows = this.#db
      .prepare<[string, number], { id: string; attachments_json: string | null }>(
        'DELETE FROM chat_messages WHERE conversation_id = ? AND seq >= ? RETURNING id, attachments_json',
      )
      .all(conversationId, messageSeq);
    this.#db.prepare('DELETE FROM chat_history WHERE conversation_id = ? AND seq >= ?').run(conversationId, historySeq);
    const imageIds = rows.flatMap((row) =>
      row.attachments_json === null ? [] : (JSON.parse(row.attachments_json) as NonNullable<ChatMessage['attachments']>).filter((a) => a.kind === 'image').map((a) => a.id),
    );
    return { ids: rows.map((row) => row.id), imageIds };
  }

  /** Messages a turn left 'streaming' (the app quit or crashed mid-turn). */
  listStreamingMessages(): ChatMessage[] {
    return this.#db.prepare<[], MessageRow>("SELECT * FROM chat_messages WHERE status = 'streaming' ORDER BY conversation_id, seq").all().map(toMessage);
  }

  /** The engine history, oldest first: what the next turn sends to the model. */
  listHistory(conversationId: string): EngineMessage[] {
    const sql = 'SELECT message_json FROM chat_history WHERE conversation_id = ? ORDER BY seq';
    return this.#db
      .prepare<[string], { message_json: string }>(sql)
      .all(conversationId)
      .map((row) => JSON.parse(row.message_json) as EngineMessage);
  }

  /** `messageId`: the user ChatMessage the rows were sent as (chat.send's one user row). */
  appendHistory(conversationId: string, messages: readonly EngineMessage[], messageId?: string): void {
    const insert = this.#db.prepare(
      `INSERT INTO chat_history (conversation_id, seq, message_json, message_id)
       VALUES (@conversationId, (SELECT COALESCE(MAX(seq), 0) + 1 FROM chat_history WHERE conversation_id = @conversationId), @json, @messageId)`,
    );
    for (const message of messages) insert.run({ conversationId, json: JSON.stringify(message), messageId: messageId ?? null });
  }

  /** Bumps updated_at (a new message moves the conversation to the top of the list). */
  touchConversation(id: string, updatedAt: string): void {
    this.#db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?').run(updatedAt, id);
  }
}

function conversationParams(record: ConversationRecord) {
  return {
    id: record.id,
    title: record.title,
    providerId: record.providerId ?? null,
    model: record.model ?? null,
    toolMode: record.toolMode,
    selected: JSON.stringify(record.selectedServerIds),
    systemPrompt: record.systemPrompt ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

function messageParams(message: ChatMessage) {
  return {
    id: message.id,
    text: message.text,
    status: message.status,
    errorJson: message.error ? JSON.stringify(message.error) : null,
    toolCallsJson: JSON.stringify(message.toolCalls),
    usageJson: message.usage ? JSON.stringify(message.usage) : null,
    manyToolsJson: message.manyTools ? JSON.stringify(message.manyTools) : null,
  };
}

function toConversation(row: ConversationRow): ConversationRecord {
  const record: ConversationRecord = {
    id: row.id,
    title: row.title,
    toolMode: row.tool_mode,
    selectedServerIds: JSON.parse(row.selected_server_ids_json) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.provider_id !== null) record.providerId = row.provider_id;
  if (row.model !== null) record.model = row.model;
  if (row.system_prompt !== null) record.systemPrompt = row.system_prompt;
  return record;
}

function toMessage(row: MessageRow): ChatMessage {
  const message: ChatMessage = {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role,
    text: row.text,
    toolCalls: JSON.parse(row.tool_calls_json) as ToolCallView[],
    status: row.status,
    createdAt: row.created_at,
  };
  if (row.error_json !== null) message.error = JSON.parse(row.error_json) as NonNullable<ChatMessage['error']>;
  if (row.usage_json !== null) message.usage = JSON.parse(row.usage_json) as TokenUsage;
  if (row.many_tools_json !== null) message.manyTools = JSON.parse(row.many_tools_json) as ManyToolsNote;
  if (row.attachments_json !== null) message.attachments = JSON.parse(row.attachments_json) as NonNullable<ChatMessage['attachments']>;
  return message;
}
