import { afterEach, describe, expect, it } from 'vitest';
import { everythingEntry, fixture, type Harness, closeHarness, createHarness, elapsedMs, makeRecord, rawServer, startNetworkServer, stdioRecord, textOf, type RunningServer, waitFor } from './helpers';
import { STDIO_PROBE_TIMEOUT_MS } from '../../app/main/mcp/eraNegotiation';

/**
 * Protocol eras (SDK v2): 2026-07-28 with servers that speak it, the 2025 handshake with the rest,
 * over Streamable HTTP and Elftia's own stdio transport; the verdict is kept for reconnects.
 */
let harness: Harness | undefined;
let network: RunningServer | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  await network?.stop();
  network = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function modernHttp(env: Record<string, string> = {}): Promise<string> {
  network = await startNetworkServer([fixture('modern-http-server.mjs')], env);
  return `http://127.0.0.1:${network.port}/mcp`;
}

describe('Streamable HTTP', () => {
  it('negotiates 2026-07-28 with a server that speaks it', async () => {
    const record = makeRecord({ type: 'http', config: { url: await modernHttp() } });
    harness = createHarness([record]);
    await harness.service.connect(record.id);
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'hi' }, 'c1'))).toBe('Echo: hi (modern)');
  });

  it('falls back to the 2025 handshake with a 2025 server', async () => {
    network = await startNetworkServer([fixture('mcp-http-server.mjs')]);
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    harness = createHarness([record]);
    await harness.service.connect(record.id);
    const state = await harness.service.getState(record.id);
    expect(state).toMatchObject({ status: 'connected' });
    expect(state?.protocolVersion).toMatch(/^2025-/);
    expect((await harness.service.listServerTools(record.id)).length).toBeGreaterThan(0);
  });

  it('reports progress of a 2026-07-28 call', async () => {
    const record = makeRecord({ type: 'http', config: { url: await modernHttp() } });
    harness = createHarness([record]);
    const progress: number[] = [];
    const result = await harness.service.callTool(record.id, 'slow', { steps: 3, delayMs: 20 }, 'c1', { onProgress: (p) => progress.push(p.progress) });
    expect(textOf(result)).toBe('done after 3 steps');
    expect(progress).toEqual([1, 2, 3]);
  });
});

describe('stdio (Elftia transport, probed in place)', () => {
  it('negotiates 2026-07-28 with a stdio server that speaks it', async () => {
    const record = stdioRecord(fixture('modern-stdio-server.mjs'));
    harness = createHarness([record], {}, 'process');
    await harness.service.connect(record.id);
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'hi' }, 'c1'))).toBe('Echo: hi (modern)');
    expect(harness.stdio.spawnCount).toBe(1);
  });

  it('follows tool list changes of a 2026-07-28 server (subscriptions/listen)', async () => {
    const record = stdioRecord(fixture('modern-stdio-server.mjs'));
    harness = createHarness([record], {}, 'process');
    expect((await harness.service.listServerTools(record.id)).map((tool) => tool.name)).not.toContain('grown');
    expect(textOf(await harness.service.callTool(record.id, 'grow', {}, 'c1'))).toBe('added grown');
    await waitFor(async () => (await harness!.service.listServerTools(record.id)).some((tool) => tool.name === 'grown'), 5000, 'the new tool');
  });

  it('connects to server-everything (2025) after the probe', async () => {
    const record = makeRecord({ type: 'stdio', config: { command: process.execPath, args: [everythingEntry(), 'stdio'] } });
    harness = createHarness([record], {}, 'process');
    await harness.service.connect(record.id);
    expect((await harness.service.getState(record.id))?.protocolVersion).toBe('2025-11-25');
    expect((await harness.service.listServerTools(record.id)).some((tool) => tool.name === 'echo')).toBe(true);
  });

  it('probes once: a reconnect uses the verdict of the first connect', async () => {
    const raw = rawServer();
    cleanups.push(raw.cleanup);
    harness = createHarness([raw.record], {}, 'process');
    await harness.service.connect(raw.record.id);
    await harness.service.restart(raw.record.id);
    expect(raw.methods().filter((m) => m === 'server/discover' || m === 'initialize')).toEqual(['server/discover', 'initialize', 'initialize']);
  });

  it('starts a legacy server that exits on the probe again, with the 2025 handshake', async () => {
    const raw = rawServer();
    cleanups.push(raw.cleanup);
    const record = { ...raw.record, config: { ...raw.record.config, env: { ...raw.record.config.env, MCP_FIXTURE_BEFORE_INIT: 'exit' } } };
    harness = createHarness([record], {}, 'process');
    await harness.service.connect(record.id);
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'connected' });
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'ok' }, 'c1'))).toBe('Echo: ok');
    expect(harness.stdio.spawnCount).toBe(2);
    expect(harness.service.getLogs(record.id).some((line) => line.text.includes('exited on the protocol version probe'))).toBe(true);
    // The verdict holds: a restart goes straight to the 2025 handshake, one process.
    await harness.service.restart(record.id);
    expect(harness.stdio.spawnCount).toBe(3);
  });

  it('does not wait the request timeout for a legacy server that stays silent on the probe', async () => {
    const raw = rawServer({ timeoutSec: 30 });
    cleanups.push(raw.cleanup);
    const record = { ...raw.record, config: { ...raw.record.config, env: { ...raw.record.config.env, MCP_FIXTURE_BEFORE_INIT: 'silent' } } };
    harness = createHarness([record], {}, 'process');
    const { ms, error } = await elapsedMs(harness.service.connect(record.id));
    expect(error).toBeUndefined();
    expect(ms).toBeGreaterThanOrEqual(STDIO_PROBE_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(STDIO_PROBE_TIMEOUT_MS + 5000);
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'late' }, 'c1'))).toBe('Echo: late');
    expect(harness.stdio.spawnCount).toBe(1);
  });
});
