import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from '../../app/main/mcp/transports/createTransport';
import { McpServiceError } from '../../app/main/mcp/McpServiceError';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import {
  type Harness,
  type RunningServer,
  closeHarness,
  createHarness,
  everythingEntry,
  fixture,
  freePort,
  makeRecord,
  recordFile,
  startNetworkServer,
  textOf,
  waitFor,
} from './helpers';

let harness: Harness | undefined;
let network: RunningServer | undefined;

afterEach(async () => {
  if (harness) await closeHarness(harness);
  await network?.stop();
  harness = undefined;
  network = undefined;
});

/** The acceptance path of every transport: connect, list tools, echo, an image. */
async function exercise(record: McpServerRecord, imageTool: string): Promise<Harness> {
  harness = createHarness([record]);
  const { service } = harness;
  await service.connect(record.id);

  const state = await service.getState(record.id);
  expect(state).toMatchObject({ status: 'connected', consecutiveErrors: 0, degraded: false });
  expect(state?.serverInfo?.name).toBeTruthy();
  expect(state?.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const tools = await service.listServerTools(record.id);
  const names = tools.map((t) => t.name);
  expect(names).toEqual(expect.arrayContaining(['echo', imageTool]));
  expect(tools.find((t) => t.name === 'echo')).toMatchObject({ id: `mcp__${record.name}__echo`, serverId: record.id, serverName: record.name });
  expect(state?.toolCount).toBe(tools.length);

  const echo = await service.callTool(record.id, 'echo', { message: 'hi' }, 'call-1');
  expect(textOf(echo)).toBe('Echo: hi');

  const image = await service.callTool(record.id, imageTool, {}, 'call-2');
  const picture = image.content.find((c) => c.type === 'image');
  expect(picture).toMatchObject({ type: 'image', mimeType: 'image/png' });
  expect(Buffer.from((picture as { data: string }).data, 'base64').subarray(1, 4).toString()).toBe('PNG');
  return harness;
}

describe('every transport against a real server', () => {
  it('stdio: server-everything', async () => {
    await exercise(makeRecord({ type: 'stdio', config: { command: process.execPath, args: [everythingEntry(), 'stdio'] } }), 'get-tiny-image');
  });

  it('sse: server-everything on /sse', async () => {
    const port = await freePort();
    network = await startNetworkServer([everythingEntry(), 'sse'], { PORT: String(port) });
    await exercise(makeRecord({ type: 'sse', config: { url: `http://127.0.0.1:${port}/sse` } }), 'get-tiny-image');
  });

  it('http: server-everything on /mcp (Streamable HTTP)', async () => {
    const port = await freePort();
    network = await startNetworkServer([everythingEntry(), 'streamableHttp'], { PORT: String(port) });
    await exercise(makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${port}/mcp` } }), 'get-tiny-image');
  });

  it('websocket: the SDK-based ws fixture, without leaving a global WebSocket behind', async () => {
    const before = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
    network = await startNetworkServer([fixture('mcp-ws-server.mjs')]);
    await exercise(makeRecord({ type: 'websocket', config: { url: `ws://127.0.0.1:${network.port}` } }), 'get-tiny-image');
    expect(Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')).toEqual(before);
  });
});

describe('headers reach remote servers', () => {
  const headers = { Authorization: 'Bearer t0ken-abc', 'X-Custom': 'custom-value' };
  const expected = { authorization: 'Bearer t0ken-abc', 'x-custom': 'custom-value' };

  it.each([
    ['http', 'mcp-http-server.mjs', ['http'], (port: number) => `http://127.0.0.1:${port}/mcp`],
    ['sse', 'mcp-http-server.mjs', ['sse'], (port: number) => `http://127.0.0.1:${port}/sse`],
    ['websocket', 'mcp-ws-server.mjs', [], (port: number) => `ws://127.0.0.1:${port}`],
  ] as const)('%s', async (type, script, args, url) => {
    network = await startNetworkServer([fixture(script), ...args]);
    const record = makeRecord({ type, config: { url: url(network.port), headers } });
    harness = createHarness([record]);
    const result = await harness.service.callTool(record.id, 'get-headers', {}, 'h');
    expect(JSON.parse(textOf(result))).toEqual(expected);
  });
});

describe('Streamable HTTP without sessions', () => {
  it('a 404 to the optional standalone GET is not a lost session: the server connects and stays connected', async () => {
    const requests = recordFile();
    try {
      network = await startNetworkServer([fixture('mcp-http-server.mjs'), 'stateless'], { MCP_FIXTURE_RECORD: requests.path });
      const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
      harness = createHarness([record]);
      const { service, events } = harness;
      await service.connect(record.id);
      // The GET goes out after `initialized`; its 404 reaches the client as a transport error, logged.
      await waitFor(() => requests.lines().includes('GET /mcp'), 5000, 'the standalone GET');
      await waitFor(() => service.getLogs(record.id).some((e) => e.level === 'warn' && e.text.startsWith('transport:')), 5000, 'the GET 404 in the log');

      expect(textOf(await service.callTool(record.id, 'echo', { message: 'stateless' }, 'e'))).toBe('Echo: stateless');
      expect(await service.getState(record.id)).toMatchObject({ status: 'connected', consecutiveErrors: 0 });
      expect(events.filter((e) => e.type === 'state').map((e) => e.state.status)).not.toContain('error');
      expect(service.getLogs(record.id).some((e) => e.text.startsWith('connection lost'))).toBe(false);
    } finally {
      requests.cleanup();
    }
  });
});

describe('createTransport', () => {
  it('rejects an unknown transport with UNSUPPORTED_TRANSPORT', () => {
    const record = makeRecord({ type: 'carrier-pigeon' as never, config: {} });
    expect(() => createTransport(record)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_TRANSPORT', params: { transport: 'carrier-pigeon' } }));
  });

  it('rejects a URL of the wrong scheme and a missing command with INVALID_CONFIG', () => {
    expect(() => createTransport(makeRecord({ type: 'websocket', config: { url: 'http://x' } }))).toThrow(McpServiceError);
    expect(() => createTransport(makeRecord({ type: 'stdio', config: { command: ' ' } }))).toThrow(expect.objectContaining({ code: 'INVALID_CONFIG', params: { field: 'command' } }));
  });

  it('passes stdio parameters to the injected factory', () => {
    const seen: unknown[] = [];
    const record = makeRecord({ type: 'stdio', config: { command: 'node', args: ['a.js'], env: { K: 'v' } } });
    expect(() =>
      createTransport(record, {
        stdioTransportFactory: (params) => {
          seen.push(params);
          throw new Error('stop here');
        },
      }),
    ).toThrow('stop here');
    expect(seen).toEqual([expect.objectContaining({ serverId: record.id, command: 'node', args: ['a.js'], env: { K: 'v' } })]);
  });

  it('an unsupported transport fails connect with that code and an error state', async () => {
    const record = makeRecord({ type: 'carrier-pigeon' as never, config: {} });
    harness = createHarness([record]);
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'UNSUPPORTED_TRANSPORT' });
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'error', lastError: { code: 'UNSUPPORTED_TRANSPORT' } });
  });
});
