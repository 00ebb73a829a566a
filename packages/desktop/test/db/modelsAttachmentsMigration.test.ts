import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { openDatabase, schemaVersion } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { ProviderRepository } from '../../app/main/db/ProviderRepository';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { tempDir } from '../support/tempDir';

const BEFORE = MIGRATIONS.findIndex((m) => m.name === 'models-attachments');

describe('migration 0010 (models-attachments)', () => {
  it('keeps rows stored before it (no default model, no prompt, no files) and stores the new fields from then on', () => {
    const dir = tempDir();
    const file = path.join(dir, 'elftia.db');
    const old = openDatabase(file, MIGRATIONS.slice(0, BEFORE));
    old.prepare("INSERT INTO providers (id, name, name_key, kind, models_json, created_at, updated_at) VALUES ('p', 'P', 'p', 'openai', '[\"a\",\"b\"]', 't', 't')").run();
    old.prepare("INSERT INTO conversations (id, title, tool_mode, selected_server_ids_json, created_at, updated_at) VALUES ('c', 'C', 'auto', '[]', 't', 't')").run();
    old
      .prepare("INSERT INTO chat_messages (id, conversation_id, seq, role, text, status, tool_calls_json, created_at) VALUES ('m', 'c', 1, 'user', 'hi', 'done', '[]', 't')")
      .run();
    old.close();

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    const providers = new ProviderRepository(db, new FileKeySecretStore(dir));
    const conversations = new ConversationRepository(db);
    expect(providers.get('p')).not.toHaveProperty('defaultModel');
    expect(conversations.getConversation('c')).not.toHaveProperty('systemPrompt');
    expect(conversations.listMessages('c')[0]).not.toHaveProperty('attachments');

    providers.update('p', { name: 'P', kind: 'openai', baseUrl: undefined, models: ['a', 'b'], defaultModel: 'b' }, { keep: true }, 't2');
    expect(providers.get('p')?.defaultModel).toBe('b');
    conversations.updateConversation({ ...conversations.getConversation('c')!, systemPrompt: 'Be brief.' });
    expect(conversations.getConversation('c')?.systemPrompt).toBe('Be brief.');
    const attachments = [{ id: 'a1', kind: 'image' as const, name: 'x.png', mimeType: 'image/png', size: 3 }];
    conversations.insertMessage({ id: 'm2', conversationId: 'c', role: 'user', text: '', toolCalls: [], status: 'done', attachments, createdAt: 't' });
    expect(conversations.listMessages('c')[1]?.attachments).toEqual(attachments);
    db.close();
  });
});
