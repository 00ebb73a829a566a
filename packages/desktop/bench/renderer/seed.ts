/**
 * Writes the bench's data dir through the app's own services, before the host starts: the scripted
 * provider, an empty conversation the app can sit on, and the long conversation in the SQLite store
 * as ChatService would have written it.
 */
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { createAppServices } from '../../app/main/index';
import { longConversationMessages } from './longConversation';

export const LONG_TITLE = 'Long conversation';
export const SHORT_TITLE = 'Short conversation';

export async function seedLongConversation(dataDir: string, providerBaseUrl: string): Promise<void> {
  const services = createAppServices({ dataDir, autoConnectMcp: false, builtinServers: false });
  try {
    const provider = services.providers.add({ name: 'Scripted', kind: 'openai-compatible', baseUrl: providerBaseUrl, apiKey: 'sk-scripted', models: ['scripted-model'] });
    const repository = new ConversationRepository(services.db);
    const now = Date.now();
    const conversation = (id: string, title: string, at: number) => {
      const stamp = new Date(at).toISOString();
      repository.insertConversation({ id, title, providerId: provider.id, model: 'scripted-model', toolMode: 'manual', selectedServerIds: [], createdAt: stamp, updatedAt: stamp }, 'user');
    };
    conversation('bench-long', LONG_TITLE, now - 60_000);
    repository.transaction(() => {
      for (const message of longConversationMessages('bench-long', now - 60_000)) repository.insertMessage(message);
    });
    conversation('bench-short', SHORT_TITLE, now);
    repository.insertMessage({ id: 'short-q', conversationId: 'bench-short', role: 'user', text: 'Hello', toolCalls: [], status: 'done', createdAt: new Date(now).toISOString() });
  } finally {
    await services.dispose();
  }
}
