import type { ChatMessage, ChatMessageStatus, ConversationRecord, ToolCallView, ToolMode } from '../../shared/contracts/chat';
import type { EngineMessage } from '../services/completion/types';
import type { Db } from './database';

interface ConversationRow {
  id: string;
  title: string;
  provider_id: string | null;
  model: string | null;
  tool_mode: ToolMode;
  selected_server_ids_json: string;
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
  created_at: string;
}

/**
 * The only place with SQL for conversations, their messages (what the user sees) and their engine
 * history (what the model is sent). Rows are written only by this process's ChatService, so JSON
 * columns are trusted on read.
 */
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

  insertConversation(record: ConversationRecord): void {
    this.#db
      .prepare(
        `INSERT INTO conversations (id, title, provider_id, model, tool_mode, selected_server_ids_json, created_at, updated_at)
         VALUES (@id, @title, @providerId, @model, @toolMode, @selected, @createdAt, @updatedAt)`,
      )
      .run(conversationParams(record));
  }

  /** Returns false when no conversation has that id. */
  updateConversation(record: ConversationRecord): boolean {
    const sql = `UPDATE conversations SET title = @title, provider_id = @providerId, model = @model, tool_mode = @toolMode,
                 selected_server_ids_json = @selected, updated_at = @updatedAt WHERE id = @id`;
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
        `INSERT INTO chat_messages (id, conversation_id, seq, role, text, status, error_json, tool_calls_json, created_at)
         VALUES (@id, @conversationId,
                 (SELECT COALESCE(MAX(seq), 0) + 1 FROM chat_messages WHERE conversation_id = @conversationId),
                 @role, @text, @status, @errorJson, @toolCallsJson, @createdAt)`,
      )
      .run({ ...messageParams(message), conversationId: message.conversationId, role: message.role, createdAt: message.createdAt });
  }

  /** Writes the message's changing parts (text, status, error, tool calls). False when it is gone. */
  updateMessage(message: ChatMessage): boolean {
    const sql = 'UPDATE chat_messages SET text = @text, status = @status, error_json = @errorJson, tool_calls_json = @toolCallsJson WHERE id = @id';
    return this.#db.prepare(sql).run(messageParams(message)).changes === 1;
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

  appendHistory(conversationId: string, messages: readonly EngineMessage[]): void {
    const insert = this.#db.prepare(
      `INSERT INTO chat_history (conversation_id, seq, message_json)
       VALUES (@conversationId, (SELECT COALESCE(MAX(seq), 0) + 1 FROM chat_history WHERE conversation_id = @conversationId), @json)`,
    );
    for (const message of messages) insert.run({ conversationId, json: JSON.stringify(message) });
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
  return message;
}
