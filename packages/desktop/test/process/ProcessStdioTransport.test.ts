import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ProcessSpawnError,
  ProcessStdioTransport,
  type ProcessStdioTransportOptions,
} from '../../app/main/mcp/process/ProcessStdioTransport';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { Sandbox, fixture, waitFor, waitForPids } from './helpers';

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

function transportFor(script: string, sb: Sandbox, extra: Partial<ProcessStdioTransportOptions> = {}, env: Record<string, string> = {}) {
  return new ProcessStdioTransport({
    command: process.execPath,
    args: [fixture(script)],
    env: { ...(process.env as Record<string, string>), PROC_PID_FILE: sb.pidFile, ...env },
    ...extra,
  });
}

async function connect(transport: ProcessStdioTransport) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text: string }[])[0]?.text ?? '';
}

describe('ProcessStdioTransport', () => {
  it('serves an SDK Client: tools, calls, stderr, pid, one onclose', async () => {
    sandbox = new Sandbox();
    const stderr: string[] = [];
    let spawnedPid: number | undefined;
    const transport = transportFor('proc-echo-server.mjs', sandbox, {
      onStderr: (chunk) => stderr.push(chunk),
      onSpawn: (pid) => (spawnedPid = pid),
    });
    let closes = 0;
    const client = await connect(transport);
    const previous = transport.onclose;
    transport.onclose = () => {
      closes += 1;
      previous?.();
    };
    sandbox.remember(transport.pid);
    expect(spawnedPid).toBe(transport.pid);

    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(['echo', 'whoami']);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'héllo & | ^ "' } }))).toBe('héllo & | ^ "');
    expect(text(await client.callTool({ name: 'whoami', arguments: {} }))).toBe(String(transport.pid));

    const started = Date.now();
    await client.close();
    await transport.close(); // second close is a no-op
    expect(closes).toBe(1);
    expect(isAlive(spawnedPid!)).toBe(false);
    // A server that exits on EOF is not waited on for the 2 s grace.
    expect(Date.now() - started).toBeLessThan(1900);
    expect(stderr.join('')).toBe('');
  }, 15_000);

  it('keeps going past non-JSON stdout lines and reports each through onerror', async () => {
    sandbox = new Sandbox();
    const transport = transportFor('proc-garbage.mjs', sandbox);
    const errors: Error[] = [];
    const client = new Client({ name: 'test', version: '1.0.0' });
    client.onerror = (error) => errors.push(error);
    await client.connect(transport);
    sandbox.remember(transport.pid);
    for (let i = 0; i < 3; i += 1) {
      expect(text(await client.callTool({ name: 'echo', arguments: { text: `call ${i}` } }))).toBe(`call ${i}`);
    }
    const garbage = errors.filter((error) => error.message.includes('not JSON-RPC'));
    // 3 startup lines + one after each of the 4 responses (initialize + 3 calls); the last may still be in flight.
    expect(garbage.length).toBeGreaterThanOrEqual(6);
    await client.close();
    expect(isAlive(transport.pid!)).toBe(false);
  }, 15_000);

  it('skips a stdout line over maxLineBytes, fails the request it answers at once, reports it, and serves the next call', async () => {
    sandbox = new Sandbox();
    // 4 KiB fits initialize and a short echo; a 16 KiB `big` result does not.
    const transport = transportFor('mcp-fault-server.mjs', sandbox, { maxLineBytes: 4096 });
    const errors: Error[] = [];
    const client = new Client({ name: 'test', version: '1.0.0' });
    client.onerror = (error) => errors.push(error);
    await client.connect(transport);
    sandbox.remember(transport.pid);
    // The SDK server writes the id last: the request is failed when the line ends, long before its timeout.
    await expect(client.callTool({ name: 'big', arguments: { bytes: 16 * 1024 } }, { timeout: 10_000 })).rejects.toMatchObject({
      code: -32603,
      data: { reason: 'elftia/resultTooLarge', limitBytes: 4096, bytes: expect.any(Number) },
    });
    expect(errors.map((error) => error.message)).toEqual(['ignored a stdout line longer than 4096 bytes']);
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'still here' } }))).toBe('Echo: still here');
    await client.close();
  }, 15_000);

  it('receives a 10 MB result intact', async () => {
    sandbox = new Sandbox();
    const transport = transportFor('mcp-fault-server.mjs', sandbox);
    const client = await connect(transport);
    sandbox.remember(transport.pid);
    const bytes = 10 * 1024 * 1024;
    const result = text(await client.callTool({ name: 'big', arguments: { bytes } }));
    expect(result.length).toBe(bytes);
    expect(/^x+$/.test(result)).toBe(true);
    await client.close();
  }, 30_000);

  it('close() kills a server that ignores stdin EOF and SIGTERM', async () => {
    sandbox = new Sandbox();
    const transport = transportFor('proc-ignore-eof.mjs', sandbox, { closeGraceMs: 300, killGraceMs: 500 });
    const client = await connect(transport);
    const pid = transport.pid!;
    sandbox.remember(pid);
    await client.close();
    expect(isAlive(pid)).toBe(false);
  }, 15_000);

  it.each([
    ['in the process group', '0'],
    ['escaped via setsid', '1'],
  ])('close() kills an npx-style grandchild %s that ignores EOF and SIGTERM', async (_name, setsid) => {
    sandbox = new Sandbox();
    const transport = transportFor('proc-grandchild.mjs', sandbox, { closeGraceMs: 300, killGraceMs: 500 }, {
      PROC_GRANDCHILD_SCRIPT: 'proc-ignore-eof.mjs',
      PROC_GRANDCHILD_SETSID: setsid,
    });
    const client = await connect(transport);
    const grandchildPid = Number(text(await client.callTool({ name: 'whoami', arguments: {} })));
    const records = await waitForPids(sandbox.pidFile, 2);
    expect(records.map((r) => r.role).sort()).toEqual(['server', 'wrapper']);
    expect(records.find((r) => r.role === 'server')?.pid).toBe(grandchildPid);
    expect(grandchildPid).not.toBe(transport.pid);
    expect(isAlive(grandchildPid)).toBe(true);

    await client.close();
    expect(isAlive(transport.pid!)).toBe(false);
    expect(isAlive(grandchildPid)).toBe(false);
  }, 15_000);

  it('reports a crash promptly through onclose and fails the pending call', async () => {
    sandbox = new Sandbox();
    const transport = transportFor('proc-echo-server.mjs', sandbox);
    const client = await connect(transport);
    const pid = transport.pid!;
    sandbox.remember(pid);
    const closed = new Promise<number>((resolve) => {
      const previous = transport.onclose;
      transport.onclose = () => {
        previous?.();
        resolve(Date.now());
      };
    });
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    expect(await closed).toBeLessThan(killedAt + 1000);
    await expect(client.callTool({ name: 'echo', arguments: { text: 'x' } })).rejects.toThrow();
  }, 15_000);

  it('fails to start with a typed error for a missing command or cwd, and closes cleanly', async () => {
    sandbox = new Sandbox();
    const missing = new ProcessStdioTransport({ command: 'elftia-no-such-command', env: { PATH: '/usr/bin:/bin' } });
    let closes = 0;
    missing.onclose = () => (closes += 1);
    const error = await missing.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessSpawnError);
    expect((error as ProcessSpawnError).code).toBe('commandNotFound');
    expect((error as ProcessSpawnError).pathEntries).toBe(2);
    await missing.close();
    expect(closes).toBe(0);

    const badCwd = new ProcessStdioTransport({ command: process.execPath, cwd: `${sandbox.dir}/nope` });
    const cwdError = await badCwd.start().catch((e: unknown) => e);
    expect((cwdError as ProcessSpawnError).code).toBe('cwdNotFound');
  });

  it('rejects send() before start and after close', async () => {
    sandbox = new Sandbox();
    const transport = transportFor('proc-echo-server.mjs', sandbox);
    const ping = { jsonrpc: '2.0' as const, id: 1, method: 'ping' };
    await expect(transport.send(ping)).rejects.toThrow('Not connected');
    await transport.start();
    sandbox.remember(transport.pid);
    await transport.close();
    await expect(transport.send(ping)).rejects.toThrow('Not connected');
    expect(await waitFor(() => !isAlive(transport.pid!), 1000)).toBe(true);
  }, 15_000);
});
