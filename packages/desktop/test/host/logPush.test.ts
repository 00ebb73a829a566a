/**
 * mcp.onLogs over the headless host's real WebSocket bridge: the whole bounded log once, then each
 * new line alone, so a busy server's log costs bytes per line, not the whole log per line (100,000
 * lines sent some 60 MB).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpLogUpdate } from '../../app/shared/contracts/mcp-connection';
import { startHeadlessHost, type HeadlessHost } from '../../app/main/host/headlessHost';
import { type AppServices, createAppServices } from '../../app/main/index';
import { RawTrpcSocket } from './httpHelpers';

const TOKEN = 'log-push-test-token-0123456789abcdefghijklmnopq';
const FAULT_SERVER = fileURLToPath(new URL('../fixtures/mcp-fault-server.mjs', import.meta.url));
const LINE = `a log line of a busy server ${'x'.repeat(70)}`;

let tmp: string;
let services: AppServices;
let host: HeadlessHost;
let serverId: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-logs-'));
  services = createAppServices({ dataDir: path.join(tmp, 'data') });
  host = await startHeadlessHost({ services, rendererDir: tmp, token: TOKEN });
  serverId = services.mcpServers.add({ name: 'busy', type: 'stdio', command: process.execPath, args: [FAULT_SERVER], env: {}, watchPaths: [], timeoutSec: 30, enabled: true }).id;
  await services.mcp.connect(serverId);
}, 30_000);

afterAll(async () => {
  await host?.close();
  await services?.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('mcp.onLogs', () => {
  it('sends the log once, then only each new line', async () => {
    for (let n = 0; n < 600; n += 1) services.mcp.appendLog(serverId, 'info', `${LINE} ${n}`);
    const kept = services.mcp.getLogs(serverId);
    const socket = await RawTrpcSocket.open(`ws://127.0.0.1:${host.port}/trpc?token=${TOKEN}`);
    try {
      const id = socket.send('subscription', 'mcp.onLogs', { id: serverId });
      const first = await socket.next(id, (m) => m.result?.type === 'data');
      expect(first.result?.data).toEqual({ kind: 'snapshot', entries: kept } satisfies McpLogUpdate);

      const sizes: number[] = [];
      for (let n = 0; n < 20; n += 1) {
        services.mcp.appendLog(serverId, 'stderr', `${LINE} new ${n}`);
        const entry = services.mcp.getLogs(serverId).at(-1)!;
        const push = await socket.next(id, (m) => m.result?.type === 'data');
        expect(push.result?.data).toEqual({ kind: 'append', entries: [entry] } satisfies McpLogUpdate);
        sizes.push(push.bytes!);
      }
      // One entry and the envelope, against the whole log in the snapshot.
      expect(Math.max(...sizes)).toBeLessThan(400);
      expect(first.bytes!).toBeGreaterThan(100 * Math.max(...sizes));
    } finally {
      socket.close();
    }
  });
});
