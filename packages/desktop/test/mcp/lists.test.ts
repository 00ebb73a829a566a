import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, closeHarness, createHarness, everythingEntry, fixture, makeRecord, rawServer, recordFile, stdioRecord, textOf, waitFor } from './helpers';

let harness: Harness | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function pagedServer() {
  const file = recordFile();
  cleanups.push(file.cleanup);
  const record = stdioRecord(fixture('mcp-paged-server.mjs'), {}, { MCP_FIXTURE_RECORD: file.path });
  const requests = (kind: string) => file.lines().filter((l) => l.startsWith(`${kind}/list`));
  return { record, requests };
}

describe('cached lists', () => {
  it('follows nextCursor and serves tools from cache on every later call', async () => {
    const { record, requests } = pagedServer();
    harness = createHarness([record]);
    const { service } = harness;

    const tools = await service.listServerTools(record.id);
    expect(tools.map((t) => t.name)).toEqual(['tool-0', 'tool-1', 'tool-2', 'tool-3', 'tool-4', 'grow']);
    expect(requests('tools')).toEqual(['tools/list 0', 'tools/list 2', 'tools/list 4']);

    for (let i = 0; i < 3; i += 1) {
      await service.listServerTools(record.id);
      await service.listAllActiveServerTools();
      await service.callTool(record.id, 'tool-1', {}, `c${i}`);
    }
    expect(requests('tools')).toHaveLength(3);
  });

  it('refreshes tools on notifications/tools/list_changed and reports the new count', async () => {
    const { record, requests } = pagedServer();
    harness = createHarness([record]);
    const { service, events } = harness;
    await service.connect(record.id);

    await service.callTool(record.id, 'grow', {}, 'g');
    await waitFor(() => events.some((e) => e.type === 'tools' && e.toolCount === 7), 3000, 'the refreshed tool count');
    expect((await service.listServerTools(record.id)).map((t) => t.name)).toContain('grown-6');
    expect(requests('tools')).toHaveLength(3 + 4);
    expect(await service.getState(record.id)).toMatchObject({ toolCount: 7 });
  });

  it('lists resources and prompts lazily, once, across pages; reads and gets them', async () => {
    const { record, requests } = pagedServer();
    harness = createHarness([record]);
    const { service } = harness;
    await service.connect(record.id);
    expect(requests('resources')).toEqual([]);

    const resources = await service.listResources(record.id);
    expect(resources.map((r) => r.uri)).toEqual([0, 1, 2, 3, 4].map((i) => `test://resource/${i}`));
    await service.listResources(record.id);
    expect(requests('resources')).toHaveLength(3);
    const read = await service.readResource(record.id, 'test://resource/3');
    expect(read.contents[0]).toMatchObject({ text: 'content of test://resource/3' });

    const prompts = await service.listPrompts(record.id);
    expect(prompts.map((p) => p.name)).toEqual(['prompt-0', 'prompt-1', 'prompt-2']);
    const prompt = await service.getPrompt(record.id, 'prompt-1', { topic: 'x' });
    expect(prompt.messages[0]?.content).toMatchObject({ type: 'text', text: 'prompt prompt-1 {"topic":"x"}' });
    expect(requests('prompts')).toHaveLength(2);
  });

  it('fetches the lists again after a reconnect', async () => {
    const { record, requests } = pagedServer();
    harness = createHarness([record]);
    await harness.service.listServerTools(record.id);
    await harness.service.restart(record.id);
    expect(requests('tools')).toHaveLength(6);
  });

  it('listAllActiveServerTools: every connected enabled server, ids per server name, no round trip', async () => {
    const paged = pagedServer();
    const everything = makeRecord({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [everythingEntry(), 'stdio'] } });
    const disabled = makeRecord({ name: 'off', enabled: false, type: 'stdio', config: { command: process.execPath, args: [everythingEntry()] } });
    harness = createHarness([paged.record, everything, disabled]);
    await harness.service.syncWithConfig();

    const all = await harness.service.listAllActiveServerTools();
    expect(all.filter((t) => t.serverId === paged.record.id)).toHaveLength(6);
    expect(all.find((t) => t.serverId === everything.id && t.name === 'echo')).toMatchObject({ id: 'mcp__everything__echo', serverName: 'everything' });
    expect(all.some((t) => t.serverId === disabled.id)).toBe(false);
    expect(paged.requests('tools')).toHaveLength(3);
    expect(textOf(await harness.service.callTool(everything.id, 'echo', { message: 'm' }, 'x'))).toBe('Echo: m');
  });
});

describe('a flood of notifications/tools/list_changed', () => {
  it('2,000 notifications cost at most two tools/list requests and two log lines, and end with the new list', async () => {
    const raw = rawServer();
    cleanups.push(raw.cleanup);
    harness = createHarness([raw.record], {}, 'process');
    const { service, events } = harness;
    const toolsBefore = (await service.listServerTools(raw.record.id)).length;
    const listsBefore = raw.methods().filter((m) => m === 'tools/list').length;
    expect(listsBefore).toBe(1);

    expect(textOf(await service.callTool(raw.record.id, 'flood', { count: 2000 }, 'f'))).toBe('flooded');
    await waitFor(() => events.some((e) => e.type === 'tools' && e.toolCount === toolsBefore + 1), 10_000, 'the refreshed tool list');
    // Quiet for a moment: no refresh may still be on its way.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refreshes = raw.methods().filter((m) => m === 'tools/list').length - listsBefore;
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(refreshes).toBeLessThanOrEqual(2);
    expect((await service.listServerTools(raw.record.id)).map((t) => t.name)).toContain(`after-flood-${toolsBefore}`);
    expect(service.getLogs(raw.record.id).filter((l) => l.text === 'tools list changed').length).toBeLessThanOrEqual(2);
    expect(await service.getState(raw.record.id)).toMatchObject({ status: 'connected', toolCount: toolsBefore + 1 });
  }, 30_000);
});
