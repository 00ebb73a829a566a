/**
 * A connection that is lost fails what waits on it at once and says what happened: how a stdio
 * server's process ended (exit code, signal, stdout closed while running) or what the network did
 * (reset, closed, refused, an HTTP status), never "write EPIPE" or a bare "fetch failed". A stdio
 * server that cannot start names its command (not installed, or not allowed to run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { type Harness, type RunningServer, closeHarness, createHarness, fixture, freePort, isAlive, makeRecord, rawServer, startNetworkServer, waitFor, elapsedMs } from './helpers';

let harness: Harness | undefined;
let network: RunningServer | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  await network?.stop();
  harness = undefined;
  network = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The raw stdio server over Elftia's own transport, connected, with a call timeout far above what any check allows. */
async function connectedRaw(): Promise<{ record: McpServerRecord; service: Harness['service']; pid: number; methods: () => string[] }> {
  const raw = rawServer({ timeoutSec: 30 });
  cleanups.push(raw.cleanup);
  harness = createHarness([raw.record], {}, 'process');
  await harness.service.connect(raw.record.id);
  return { record: raw.record, service: harness.service, pid: harness.stdio.pids()[0]!, methods: raw.methods };
}

describe('a stdio server that goes away', () => {
  it('closing stdout while running is a dropped connection: the call fails at once and the process is killed', async () => {
    const { record, service, pid } = await connectedRaw();
    const { ms, error } = await elapsedMs(service.callTool(record.id, 'close-stdout', {}, 'c'));
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause: 'stdoutClosed' } });
    expect(ms).toBeLessThan(5000);
    await waitFor(() => !isAlive(pid), 8000, 'the server that kept running to be killed');
    const state = await service.getState(record.id);
    expect(state?.lastError).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause: 'stdoutClosed' } });
    // Dropped, so it reconnects like any other drop.
    await waitFor(async () => (await service.getState(record.id))?.status === 'connected', 8000, 'the reconnect');
  }, 40_000);

  it('an exit names its code', async () => {
    const { record, service } = await connectedRaw();
    const { ms, error } = await elapsedMs(service.callTool(record.id, 'exit', { code: 1 }, 'e'));
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause: 'exit', exitCode: 1, detail: expect.stringContaining('exited with code 1') } });
    expect(ms).toBeLessThan(5000);
  }, 40_000);

  it('kill -9 names the signal, and a call waiting on the server fails at once', async () => {
    const { record, service, pid, methods } = await connectedRaw();
    const call = elapsedMs(service.callTool(record.id, 'hang', {}, 'h'));
    // Waiting on the server once it has the call (the fixture records each request as it reads it).
    await waitFor(() => methods().includes('tools/call'), 5000, 'the call to reach the server');
    process.kill(pid, 'SIGKILL');
    const { ms, error } = await call;
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause: 'signal', signal: 'SIGKILL' } });
    expect(ms).toBeLessThan(5000);
  }, 40_000);

  it('a call written to a server on its way out fails with how it ended, not "write EPIPE"', async () => {
    const { record, service } = await connectedRaw();
    const first = elapsedMs(service.callTool(record.id, 'stop-reading', { exitAfterMs: 400, code: 4 }, 's'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { ms, error } = await elapsedMs(service.callTool(record.id, 'echo', { message: 'too late' }, 'e'));
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause: 'exit', exitCode: 4 } });
    expect(ms).toBeLessThan(5000);
    expect((await first).error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause: 'exit', exitCode: 4 } });
  }, 40_000);

  it('a server that stops reading but keeps running is dropped and killed', async () => {
    const { record, service, pid } = await connectedRaw();
    const first = elapsedMs(service.callTool(record.id, 'stop-reading', {}, 's'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { ms, error } = await elapsedMs(service.callTool(record.id, 'echo', { message: 'unheard' }, 'e'));
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause: 'stdinClosed' } });
    expect(ms).toBeLessThan(5000);
    expect((await first).error).toMatchObject({ code: 'CONNECTION_CLOSED' });
    await waitFor(() => !isAlive(pid), 8000, 'the server that kept running to be killed');
  }, 40_000);

  it('a process that exits during the handshake fails the connect with its exit code', async () => {
    const record = makeRecord({ type: 'stdio', config: { command: process.execPath, args: ['-e', "console.error('missing TOKEN'); process.exit(2)"] } });
    harness = createHarness([record], { reconnect: { maxAttempts: 0 } }, 'process');
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({
      code: 'CONNECT_FAILED',
      params: { cause: 'exit', exitCode: 2, detail: expect.stringContaining('missing TOKEN') },
    });
  });

  it('a command that is not installed is named, not "spawn … ENOENT"', async () => {
    const command = 'elftia-no-such-command-xyz';
    const record = makeRecord({ type: 'stdio', config: { command } });
    harness = createHarness([record], { reconnect: { maxAttempts: 0 } }, 'process');
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { cause: 'commandNotFound', command, reason: 'commandNotFound' } });
  });

  it('a command that exists but may not run is named', async () => {
    // A file without the execute bit: found on disk, refused by the kernel (EACCES), root included.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-spawn-'));
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const notExecutable = path.join(folder, 'mcp-server');
    fs.writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
    const record = makeRecord({ type: 'stdio', config: { command: notExecutable } });
    harness = createHarness([record], { reconnect: { maxAttempts: 0 } }, 'process');
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { cause: 'spawnFailed', command: notExecutable } });
  });
});

describe('a Streamable HTTP server whose connection drops', () => {
  async function connectedHttp(): Promise<{ record: McpServerRecord; service: Harness['service'] }> {
    network = await startNetworkServer([fixture('raw-http-server.mjs')]);
    const record = makeRecord({ type: 'http', timeoutSec: 30, config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    harness = createHarness([record]);
    await harness.service.connect(record.id);
    return { record, service: harness.service };
  }

  it.each([
    ['reset', 'reset'],
    ['close', 'socketClosed'],
    // The SDK would leave this one waiting for its timeout: the answer had begun.
    ['reset-mid-stream', 'reset'],
  ])('%s: CONNECTION_CLOSED with cause %s, at once, and the session comes back', async (tool, cause) => {
    const { record, service } = await connectedHttp();
    const { ms, error } = await elapsedMs(service.callTool(record.id, tool, {}, tool));
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { cause } });
    expect(ms).toBeLessThan(5000);
    await waitFor(async () => (await service.getState(record.id))?.status === 'connected', 8000, 'the reconnect');
  }, 40_000);

  it('an HTTP error status is named, and the session stays', async () => {
    const { record, service } = await connectedHttp();
    await expect(service.callTool(record.id, 'status', { status: 502 }, 's')).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      params: { cause: 'httpStatus', httpStatus: 502 },
    });
    expect(await service.getState(record.id)).toMatchObject({ status: 'connected' });
  });

  it('a JSON-RPC error is the server answering, not a transport failure', async () => {
    const { record, service } = await connectedHttp();
    await expect(service.callTool(record.id, 'nope', {}, 'n')).rejects.toMatchObject({ code: 'TOOL_NOT_FOUND' });
    await expect(service.readResource(record.id, 'test://x')).rejects.toMatchObject({ code: 'REQUEST_FAILED', params: { cause: 'serverError', mcpCode: -32601 } });
  });

  it('nothing listening: CONNECT_FAILED, connection refused', async () => {
    const port = await freePort();
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${port}/mcp` } });
    harness = createHarness([record], { reconnect: { maxAttempts: 0 } });
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { cause: 'refused' } });
  });
});

describe('an SSE server that drops the connection', () => {
  /** A TCP listener on 127.0.0.1 that answers every connection's first bytes by resetting or closing it. */
  async function dropping(how: 'reset' | 'close'): Promise<number> {
    const server = createNetServer((socket) => socket.once('data', () => (how === 'reset' ? socket.resetAndDestroy() : socket.end())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => server.close());
    return (server.address() as AddressInfo).port;
  }

  it.each([
    ['reset', 'reset'],
    ['close', 'socketClosed'],
  ] as const)('%s: CONNECT_FAILED names it (%s), as for Streamable HTTP', async (how, cause) => {
    const port = await dropping(how);
    const record = makeRecord({ type: 'sse', config: { url: `http://127.0.0.1:${port}/sse` } });
    harness = createHarness([record], { reconnect: { maxAttempts: 0 } });
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { cause } });
  });
});
