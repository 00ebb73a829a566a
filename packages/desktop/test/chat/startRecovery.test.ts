/** Crash recovery at start belongs to the long-running owner of conversations, never to a one-shot CLI command. */
import { describe, expect, it } from 'vitest';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { createAppServices } from '../../app/main/index';
import { tempDir } from '../support/tempDir';

describe('start', () => {
  it('marks streaming messages interrupted only with autoConnectMcp (the app, the headless host)', async () => {
    const dataDir = tempDir('chat-start-');
    const seed = createAppServices({ dataDir });
    const conversation = seed.chat.create({ title: 'x' });
    const repository = new ConversationRepository(seed.db);
    repository.insertMessage({ id: 'm1', conversationId: conversation.id, role: 'assistant', text: 'half', toolCalls: [], status: 'streaming', createdAt: conversation.createdAt });
    await seed.dispose();

    const cli = createAppServices({ dataDir });
    await cli.start();
    expect(cli.chat.messages(conversation.id)[0]?.status).toBe('streaming');
    await cli.dispose();

    const app = createAppServices({ dataDir, autoConnectMcp: true });
    await app.start();
    expect(app.chat.messages(conversation.id)[0]).toMatchObject({ text: 'half', status: 'error', error: { code: 'TURN_INTERRUPTED' } });
    await app.dispose();
  });
});
