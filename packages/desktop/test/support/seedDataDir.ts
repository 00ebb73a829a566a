/**
 * Prepares a data dir before a host starts, for Playwright tests that need a state the UI would take
 * long to build (e2e/layout.spec.ts, e2e/screenshots.spec.ts), through the app's own services:
 *
 *   node --import tsx packages/desktop/test/support/seedDataDir.ts <dataDir>
 *        [--language en|zh|ja] [--conversations N] [--provider-url URL] [--long-conversation]
 *
 * --conversations writes N conversations, each with a title and one user message (so "New
 * conversation" does not reuse it), spread back in time so every date group of the sidebar shows.
 * --provider-url adds the OpenAI-compatible provider "Scripted" (model scripted-model) at that URL.
 * --long-conversation adds "Long conversation" answered by that provider: the renderer bench's 500
 * messages with 200 tool-call cards (bench/renderer/longConversation.ts).
 */
import { parseArgs } from 'node:util';
import { languagePreferenceSchema } from '../../app/shared/contracts/settings';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { createAppServices } from '../../app/main/index';
import { longConversationMessages } from '../../bench/renderer/longConversation';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOPICS = ['Trip to Kyoto', 'Quarterly report outline', 'Regex for dates', '周报摘要', 'Rust lifetimes', '会議メモの要約', 'Garden plan', 'SQL index question'];

/** Days back for the i-th conversation: a few today and yesterday, more in each group further back. */
function daysBack(index: number): number {
  if (index < 3) return 0;
  if (index < 5) return 1;
  if (index < 10) return 2 + (index - 5);
  if (index < 18) return 8 + (index - 10) * 2;
  return 40 + (index - 18) * 15;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { language: { type: 'string' }, conversations: { type: 'string' }, 'provider-url': { type: 'string' }, 'long-conversation': { type: 'boolean' } },
});
const dataDir = positionals[0];
if (!dataDir) throw new Error('usage: seedDataDir.ts <dataDir> [--language L] [--conversations N] [--provider-url URL]');

const services = createAppServices({ dataDir });
try {
  if (values.language) services.settings.setLanguage(languagePreferenceSchema.parse(values.language));
  const provider = values['provider-url']
    ? services.providers.add({ name: 'Scripted', kind: 'openai-compatible', baseUrl: values['provider-url'], apiKey: 'sk-scripted', models: ['scripted-model'] })
    : undefined;
  const repository = new ConversationRepository(services.db);
  const now = Date.now();
  if (values['long-conversation']) {
    if (!provider) throw new Error('--long-conversation needs --provider-url');
    const at = new Date(now).toISOString();
    repository.insertConversation(
      { id: 'long', title: 'Long conversation', providerId: provider.id, model: 'scripted-model', toolMode: 'manual', selectedServerIds: [], createdAt: at, updatedAt: at },
      'user',
    );
    repository.transaction(() => {
      for (const message of longConversationMessages('long', now)) repository.insertMessage(message);
    });
  }
  for (let index = Number(values.conversations ?? 0) - 1; index >= 0; index--) {
    const at = new Date(now - daysBack(index) * DAY_MS - index * 60_000).toISOString();
    const id = `seeded-${index + 1}`;
    const title = `${TOPICS[index % TOPICS.length]} ${index + 1}`;
    repository.insertConversation({ id, title, toolMode: 'auto', selectedServerIds: [], createdAt: at, updatedAt: at });
    repository.insertMessage({ id: `${id}-m1`, conversationId: id, role: 'user', text: title, toolCalls: [], status: 'done', createdAt: at });
  }
} finally {
  await services.dispose();
}
