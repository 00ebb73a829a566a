import type { Migration } from './types';

/**
 * Conversations and what the user sees of them: `chat_messages` holds the ChatMessage
 * views (text, status, error, tool calls with their full result content, images included), and
 * `chat_history` the provider-neutral EngineMessages the next turn sends to the model. Both are
 * needed: a view keeps the arguments with the server's keys and the whole result, while the model
 * must get back exactly what it saw (provider-facing keys, results cut to its limit).
 */
export const migration0006: Migration = {
  version: 6,
  name: 'conversations',
  up(db) {
    db.exec(`
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        provider_id TEXT,
        model TEXT,
        tool_mode TEXT NOT NULL CHECK (tool_mode IN ('auto', 'manual', 'disabled')),
        selected_server_ids_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE chat_messages (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        text TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('streaming', 'done', 'error', 'stopped')),
        error_json TEXT,
        tool_calls_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (conversation_id, seq)
      ) STRICT;

      -- Crash recovery looks for messages left streaming.
      CREATE INDEX chat_messages_streaming ON chat_messages (status) WHERE status = 'streaming';

      CREATE TABLE chat_history (
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        message_json TEXT NOT NULL,
        PRIMARY KEY (conversation_id, seq)
      ) STRICT;
    `);
  },
};
