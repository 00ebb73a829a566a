import { afterEach, describe, expect, it } from 'vitest';
import type { McpRequestOptions } from '../../app/main/mcp/McpService';
import { type Harness, closeHarness, createHarness, rawServer, waitFor } from './helpers';

/**
 * Progress and cancellation on every request type McpService sends, not only tools/call: asked for
 * progress, the request carries a progressToken and the server's notifications reach onProgress;
 * aborted, it fails with CANCELLED and the server is told (`notifications/cancelled`).
 */
let harness: Harness | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

type Send = (service: Harness['service'], id: string, options: McpRequestOptions) => Promise<unknown>;

const REQUESTS: [string, Send][] = [
  ['resources/list', (service, id, options) => service.listResources(id, options)],
  ['resources/templates/list', (service, id, options) => service.listResourceTemplates(id, options)],
  ['prompts/list', (service, id, options) => service.listPrompts(id, options)],
  ['resources/read', (service, id, options) => service.readResource(id, 'file:///a.txt', options)],
  ['prompts/get', (service, id, options) => service.getPrompt(id, 'greet', {}, options)],
  ['completion/complete', (service, id, options) => service.complete(id, { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'a' } }, options)],
];

function browsingServer(env: Record<string, string> = {}) {
  const raw = rawServer();
  cleanups.push(raw.cleanup);
  const record = { ...raw.record, config: { ...raw.record.config, env: { ...raw.record.config.env, MCP_FIXTURE_BROWSE: '1', ...env } } };
  return { record, methods: raw.methods };
}

describe.each(REQUESTS)('%s', (method, send) => {
  it('reports the server progress when asked for it', async () => {
    const { record } = browsingServer();
    harness = createHarness([record]);
    const progress: { progress: number; total?: number }[] = [];
    await send(harness.service, record.id, { onProgress: (p) => progress.push({ progress: p.progress, total: p.total }) });
    expect(progress).toEqual([{ progress: 1, total: 1 }]);
  });

  it('is cancelled by its signal, and the server is told', async () => {
    const { record, methods } = browsingServer({ MCP_FIXTURE_HANG: method });
    harness = createHarness([record]);
    await harness.service.connect(record.id);
    const controller = new AbortController();
    const pending = send(harness.service, record.id, { signal: controller.signal });
    await waitFor(() => methods().includes(method), 5000, `the ${method} request`);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    await waitFor(() => methods().includes('notifications/cancelled'), 5000, 'notifications/cancelled');
  });
});
