import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationRecord } from '../../app/shared/contracts/chat';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { openDatabase, schemaVersion } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import type { EngineMessage } from '../../app/main/completion/types';
import { tempDir } from '../support/tempDir';
import { view } from './chatHarness';

function open(file = path.join(tempDir('conv-repo-'), 'elftia.db')) {
  const db = openDatabase(file);
  return { db, file, repository: new ConversationRepository(db) };
}

function conversation(id: string, updatedAt: string, extra: Partial<ConversationRecord> = {}): ConversationRecord {
  return { id, title: `t-${id}`, toolMode: 'auto', selectedServerIds: [], createdAt: updatedAt, updatedAt, ...extra };
}

function message(id: string, conversationId: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id, conversationId, role: 'assistant', text: '', toolCalls: [], status: 'streaming', createdAt: '2026-01-02T00:00:00.000Z', ...extra };
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('ConversationRepository', () => {
  it('migrates to the latest version, whose conversation tables are strict and refuse a wrong type or status', () => {
    const { db, repository } = open();
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    repository.insertConversation(conversation('c1', '2026-01-01T00:00:00.000Z'));
    expect(() => db.prepare("UPDATE conversations SET created_at = x'00' WHERE id = 'c1'").run()).toThrow(/cannot store BLOB/);
    expect(() => repository.insertMessage(message('m1', 'c1', { status: 'thinking' as ChatMessage['status'] }))).toThrow(/CHECK constraint/);
    expect(() => repository.insertMessage(message('m2', 'missing'))).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('keeps conversations with every field and lists the most recently active first', () => {
    const { db, repository } = open();
    const full = conversation('c1', '2026-01-01T00:00:00.000Z', { providerId: 'p1', model: 'gpt', toolMode: 'manual', selectedServerIds: ['a', 'b'] });
    repository.insertConversation(full);
    repository.insertConversation(conversation('c2', '2026-01-02T00:00:00.000Z'));
    expect(repository.listConversations().map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(repository.getConversation('c1')).toEqual(full);
    expect(repository.getConversation('c2')).not.toHaveProperty('providerId');

    repository.touchConversation('c1', '2026-01-03T00:00:00.000Z');
    expect(repository.listConversations().map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(repository.updateConversation({ ...full, title: 'renamed', toolMode: 'disabled', updatedAt: '2026-01-04T00:00:00.000Z' })).toBe(true);
    expect(repository.getConversation('c1')).toMatchObject({ title: 'renamed', toolMode: 'disabled', selectedServerIds: ['a', 'b'] });
    expect(repository.updateConversation(conversation('nope', '2026-01-01T00:00:00.000Z'))).toBe(false);
    db.close();
  });

  it('stores messages in order with their tool calls, full result content included, across a reopen', () => {
    const { db, file, repository } = open();
    repository.insertConversation(conversation('c1', '2026-01-01T00:00:00.000Z'));
    repository.insertMessage(message('u1', 'c1', { role: 'user', text: 'show me', status: 'done' }));
    repository.insertMessage(message('a1', 'c1'));
    const image = { type: 'image' as const, data: PNG, mimeType: 'image/png' };
    const call = view('call-1', 'done', { result: { text: '[image]', content: [{ type: 'text', text: 'here' }, image], isError: false, structuredContent: { n: 1 } } });
    const finished = message('a1', 'c1', { text: 'Here it is.', status: 'error', error: { code: 'PROVIDER_SERVER', params: { status: 503 } }, toolCalls: [call] });
    expect(repository.updateMessage(finished)).toBe(true);
    db.close();

    const reopened = open(file);
    expect(reopened.repository.listMessages('c1')).toEqual([message('u1', 'c1', { role: 'user', text: 'show me', status: 'done' }), finished]);
    expect(reopened.repository.listStreamingMessages()).toEqual([]);
    reopened.db.close();
  });

  it('keeps the engine history in order, images included, and removes everything with the conversation', () => {
    const { db, repository } = open();
    repository.insertConversation(conversation('c1', '2026-01-01T00:00:00.000Z'));
    repository.insertConversation(conversation('c2', '2026-01-01T00:00:00.000Z'));
    const history: EngineMessage[] = [
      { role: 'user', text: 'hi' },
      { role: 'assistant', text: '', toolCalls: [{ id: 't1', name: 'mcp__x__shot', arguments: { a: 1 } }] },
      { role: 'tool', toolCallId: 't1', name: 'mcp__x__shot', text: '[image]', isError: false, images: [{ mimeType: 'image/png', data: PNG }] },
    ];
    repository.appendHistory('c1', history.slice(0, 1));
    repository.appendHistory('c1', history.slice(1));
    repository.appendHistory('c2', [{ role: 'user', text: 'other' }]);
    repository.insertMessage(message('m1', 'c1'));
    expect(repository.listHistory('c1')).toEqual(history);
    expect(repository.listStreamingMessages().map((m) => m.id)).toEqual(['m1']);

    expect(repository.deleteConversation('c1')).toBe(true);
    expect(repository.deleteConversation('c1')).toBe(false);
    expect(repository.listHistory('c1')).toEqual([]);
    expect(repository.listMessages('c1')).toEqual([]);
    expect(repository.listHistory('c2')).toEqual([{ role: 'user', text: 'other' }]);
    db.close();
  });

  it('writes all or nothing in a transaction', () => {
    const { db, repository } = open();
    repository.insertConversation(conversation('c1', '2026-01-01T00:00:00.000Z'));
    expect(() =>
      repository.transaction(() => {
        repository.appendHistory('c1', [{ role: 'user', text: 'lost' }]);
        repository.insertMessage(message('m1', 'missing'));
      }),
    ).toThrow(/FOREIGN KEY/);
    expect(repository.listHistory('c1')).toEqual([]);
    db.close();
  });
});
