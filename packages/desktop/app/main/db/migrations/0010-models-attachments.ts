import type { Migration } from './types';

/**
 * A provider's default model (NULL: the first of its models); a conversation's system prompt (NULL:
 * none); the files sent with a user message, as AttachmentViews (NULL: none). Images themselves are
 * files under `<dataDir>/attachments/`, not rows.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'models-attachments',
  up(db) {
    db.exec(`
      ALTER TABLE providers ADD COLUMN default_model TEXT;
      ALTER TABLE conversations ADD COLUMN system_prompt TEXT;
      ALTER TABLE chat_messages ADD COLUMN attachments_json TEXT;
    `);
  },
};
