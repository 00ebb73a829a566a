import { describe, expect, it } from 'vitest';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import type { ProviderFormat } from '../../app/main/tools/types';
import { REAL_SERVER_CORPUS, capturedToMcpTools } from './corpus';
import { REAL_SERVERS, captureServer } from './corpus/realServers';
import { CHECKERS } from './providerRules';

// The committed corpus (corpus/real-servers.json) must not silently rot: the installed servers are
// started, their tools listed and compared with it, and converted for every provider.
// After a dependency bump, regenerate with: node --import tsx test/tools/corpus/capture.ts

const FORMATS: ProviderFormat[] = ['openai', 'anthropic', 'google'];

describe.each(REAL_SERVERS.map((s) => [s.name, s] as const))('live server %s', (name, server) => {
  it('lists exactly the tools in the committed corpus, and they convert cleanly for every provider', { timeout: 60_000 }, async () => {
    const live = await captureServer(server);
    const committed = REAL_SERVER_CORPUS.find((s) => s.server === name);
    expect(live, 'corpus/real-servers.json is stale: run test/tools/corpus/capture.ts').toEqual(JSON.parse(JSON.stringify(committed)));
    const tools = capturedToMcpTools([live]);
    expect(tools.length).toBeGreaterThan(0);
    for (const format of FORMATS) {
      const result = formatToolsFor(tools, format);
      expect(result.dropped, format).toEqual([]);
      expect(CHECKERS[format](result.tools), format).toEqual([]);
    }
  });
});
