import type { Database } from 'better-sqlite3';
import type { Migration } from './types';

/**
 * What message actions, token usage and generated titles need:
 * - `chat_history.message_id` ties each user row of the engine history to the ChatMessage it came
 *   from, so editing a message or running the last turn again cuts both tables at the same place;
 *   rows before this migration are tied by order (the n-th user row is the n-th user message: both
 *   were always written together, in one transaction, by chat.send).
 * - `chat_messages.usage_json` (a step's TokenUsage) and `many_tools_json` (the ManyToolsNote of a
 *   turn that ran in many-tools mode).
 * - `conversations.title_state`: 'pending' (untitled or named after its first message; a title may
 *   be generated after an answer), 'generated', 'fallback' (generation failed or was never tried;
 *   the first message's start stays), 'user' (renamed by the user: never overwritten). Existing
 *   conversations with a title keep it ('fallback').
 */
export const migration0009: Migration = {
  version: 9,
  name: 'message-actions',
  up(db) {
    db.exec(`
      ALTER TABLE chat_history ADD COLUMN message_id TEXT;
      ALTER TABLE chat_messages ADD COLUMN usage_json TEXT;
      ALTER TABLE chat_messages ADD COLUMN many_tools_json TEXT;
      ALTER TABLE conversations ADD COLUMN title_state TEXT NOT NULL DEFAULT 'pending'
        CHECK (title_state IN ('pending', 'generated', 'fallback', 'user'));
      UPDATE conversations SET title_state = 'fallback' WHERE title <> '';
      CREATE INDEX chat_history_message ON chat_history (conversation_id, message_id) WHERE message_id IS NOT NULL;
    `);
    tieUserRows(db);
  },
};

function tieUserRows(db: Database): void {
  const conversations = db.prepare<[], { id: string }>('SELECT id FROM conversations').all();
  const users = db.prepare<[string], { id: string }>("SELECT id FROM chat_messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq");
  const rows = db.prepare<[string], { seq: number; message_json: string }>('SELECT seq, message_json FROM chat_history WHERE conversation_id = ? ORDER BY seq');
  const tie = db.prepare('UPDATE chat_history SET message_id = ? WHERE conversation_id = ? AND seq = ?');
  for (const { id: conversationId } of conversations) {
    const messages = users.all(conversationId);
    const userRows = rows.all(conversationId).filter((row) => (JSON.parse(row.message_json) as { role?: unknown }).role === 'user');
    // Counts that differ mean the order cannot be trusted: those rows stay untied (their messages
    // cannot be edited), rather than tied to the wrong message.
    if (messages.length !== userRows.length) continue;
    userRows.forEach((row, index) => tie.run(messages[index]!.id, conversationId, row.seq));
  }
}
