import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { answers, openChat } from '../chat/chatHarness';
import { tempDir } from '../support/tempDir';

const BEFORE = MIGRATIONS.findIndex((m) => m.name === 'message-actions');

describe('migration 0009 (message-actions)', () => {
  it('ties each stored user message to its history row, keeps existing titles, and lets old conversations be edited', async () => {
    const file = path.join(tempDir(), 'elftia.db');
    const old = openDatabase(file, MIGRATIONS.slice(0, BEFORE));
    const conversation = old.prepare(
      "INSERT INTO conversations (id, title, tool_mode, selected_server_ids_json, created_at, updated_at) VALUES (?, ?, 'auto', '[]', 't', 't')",
    );
    const message = old.prepare(
      "INSERT INTO chat_messages (id, conversation_id, seq, role, text, status, tool_calls_json, created_at) VALUES (?, ?, ?, ?, ?, 'done', '[]', 't')",
    );
    const history = old.prepare('INSERT INTO chat_history (conversation_id, seq, message_json) VALUES (?, ?, ?)');
    conversation.run('c1', 'first');
    [
      ['u1', 1, 'user', 'first'],
      ['a1', 2, 'assistant', 'One.'],
      ['u2', 3, 'user', 'second'],
      ['a2', 4, 'assistant', 'Two.'],
    ].forEach(([id, seq, role, text]) => message.run(id, 'c1', seq, role, text));
    [
      { role: 'user', text: 'first' },
      { role: 'assistant', text: 'One.', toolCalls: [] },
      { role: 'user', text: 'second' },
      { role: 'assistant', text: '', toolCalls: [{ id: 't', name: 'x', arguments: {} }] },
      { role: 'tool', toolCallId: 't', name: 'x', text: 'r', isError: false, images: [] },
      { role: 'assistant', text: 'Two.', toolCalls: [] },
    ].forEach((row, index) => history.run('c1', index + 1, JSON.stringify(row)));
    // A conversation whose rows do not match (one user message, two user rows): left untied.
    conversation.run('c2', 'odd');
    message.run('v1', 'c2', 1, 'user', 'only');
    history.run('c2', 1, JSON.stringify({ role: 'user', text: 'only' }));
    history.run('c2', 2, JSON.stringify({ role: 'user', text: 'extra' }));
    conversation.run('c3', '');
    old.close();

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    const repository = new ConversationRepository(db);
    expect([repository.historySeqOf('c1', 'u1'), repository.historySeqOf('c1', 'u2'), repository.historySeqOf('c1', 'a1')]).toEqual([1, 3, undefined]);
    expect(repository.historySeqOf('c2', 'v1')).toBeUndefined();
    expect([repository.titleState('c1'), repository.titleState('c3')]).toEqual(['fallback', 'pending']);
    expect(() => db.prepare("UPDATE conversations SET title_state = 'maybe' WHERE id = 'c1'").run()).toThrow(/CHECK constraint/);
    db.close();

    const { chat, engine } = openChat({ file });
    chat.update('c1', { providerId: 'p1' });
    chat.update('c2', { providerId: 'p1' });
    engine.add(answers('Two, edited.'));
    chat.edit('c1', 'u2', 'second, edited');
    await chat.settled('c1');
    expect(engine.turns[0]?.history).toEqual([
      { role: 'user', text: 'first' },
      { role: 'assistant', text: 'One.', toolCalls: [] },
      { role: 'user', text: 'second, edited' },
    ]);
    expect(chat.messages('c1').map((m) => m.text)).toEqual(['first', 'One.', 'second, edited', 'Two, edited.']);
    // Untied rows are not cut by guesswork: the edit is refused and nothing changes.
    expect(() => chat.edit('c2', 'v1', 'x')).toThrow(/no history row/);
    expect(chat.messages('c2').map((m) => m.text)).toEqual(['only']);
  });
});
