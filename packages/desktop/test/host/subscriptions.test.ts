/**
 * Subscriptions over the headless host's real WebSocket bridge: one connection may hold at most
 * MAX_SUBSCRIPTIONS_PER_CONNECTION at once (5,000 ran the host out of memory), and a change of the
 * server list is built and serialized once for every subscriber, not once per subscriber.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedJsonEncoder } from '../../app/main/host/sharedJsonEncoder';
import { startHeadlessHost, type HeadlessHost } from '../../app/main/host/headlessHost';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { markShared, SharedFeed } from '../../app/main/routers/sharedFeed';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION, SubscriptionBudget } from '../../app/main/routers/subscriptionBudget';
import { RawTrpcSocket } from './httpHelpers';

const TOKEN = 'subscriptions-test-token-0123456789abcdefghijklmnop';

let tmp: string;
let services: AppServices;
let host: HeadlessHost;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-subs-'));
  services = createAppServices({ dataDir: path.join(tmp, 'data') });
  host = await startHeadlessHost({ services, rendererDir: tmp, token: TOKEN });
});

afterAll(async () => {
  await host?.close();
  await services?.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const open = () => RawTrpcSocket.open(`ws://127.0.0.1:${host.port}/trpc?token=${TOKEN}`);
const isData = (m: { result?: { type: string } }) => m.result?.type === 'data';
const isError = (m: { error?: unknown }) => m.error !== undefined;

describe('subscriptions per connection', () => {
  it(`allows ${MAX_SUBSCRIPTIONS_PER_CONNECTION} at once on one socket and refuses the next with TOO_MANY_SUBSCRIPTIONS`, async () => {
    const socket = await open();
    const other = await open();
    try {
      const ids = Array.from({ length: MAX_SUBSCRIPTIONS_PER_CONNECTION }, () => socket.send('subscription', 'mcp.onServersChanged'));
      for (const id of ids) await socket.next(id, isData);

      const refused = await socket.next(socket.send('subscription', 'mcp.onServersChanged'), (m) => isData(m) || isError(m));
      expect(refused.error?.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.error?.data?.app).toEqual({ code: 'TOO_MANY_SUBSCRIPTIONS', params: { max: MAX_SUBSCRIPTIONS_PER_CONNECTION } });

      // Another connection has its own budget.
      await other.next(other.send('subscription', 'mcp.onServersChanged'), isData);

      // A stopped subscription gives its slot back.
      socket.stop(ids[0]!);
      const again = await socket.next(socket.send('subscription', 'settings.onChanged'), (m) => isData(m) || isError(m));
      expect(again.result?.type).toBe('data');
    } finally {
      socket.close();
      other.close();
    }
  });

  it('gives a slot back when a stream ends (caller)', async () => {
    const budget = new SubscriptionBudget(1);
    const caller = createAppCaller({ services, subscriptions: budget });
    const stream = (await caller.mcp.onServersChanged())[Symbol.asyncIterator]();
    await stream.next();
    expect(budget.open).toBe(1);
    await expect(caller.settings.onChanged()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await stream.return?.(undefined);
    expect(budget.open).toBe(0);
  });
});

describe('one server list per change, whatever the number of subscribers', () => {
  it('1,000 subscribers over 20 sockets: one change builds the list once, and all get the same list', async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, open));
    try {
      const subscribers = sockets.flatMap((socket) => Array.from({ length: 50 }, () => ({ socket, id: socket.send('subscription', 'mcp.onServersChanged') })));
      for (const { socket, id } of subscribers) await socket.next(id, isData);

      const listStates = services.mcp.listStates.bind(services.mcp);
      let builds = 0;
      services.mcp.listStates = async () => {
        builds += 1;
        return listStates();
      };
      try {
        services.mcpServers.add({ name: `one change ${Date.now()}`, type: 'websocket', url: 'ws://127.0.0.1:9/', headers: {}, timeoutSec: 60, enabled: false });
        const lists = await Promise.all(subscribers.map(({ socket, id }) => socket.next(id, isData).then((m) => JSON.stringify(m.result?.data))));
        expect(new Set(lists).size).toBe(1);
        expect(builds).toBe(1);
      } finally {
        services.mcp.listStates = listStates;
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('SharedFeed computes once per change and hands every caller the same frozen value', async () => {
    let emit = () => {};
    let computed = 0;
    const feed = new SharedFeed(
      (listener) => {
        emit = listener;
        return () => (emit = () => {});
      },
      () => ({ n: ++computed }),
    );
    const off = [feed.subscribe(() => {}), feed.subscribe(() => {})];
    const [a, b] = await Promise.all([feed.current(), feed.current()]);
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    emit();
    expect(await feed.current()).toEqual({ n: 2 });
    expect(computed).toBe(2);
    for (const stop of off) stop();
  });

  it('the bridge encoder serializes a shared value once, per-message fields apart', () => {
    const encoder = sharedJsonEncoder();
    let serialized = 0;
    const value = markShared({ toJSON: () => (serialized += 1, { servers: ['a'] }) });
    const frames = [1, 2, 3].map((id) => encoder.encode({ id, jsonrpc: '2.0', result: { type: 'data', data: value } }) as string);
    expect(serialized).toBe(1);
    expect(frames.map((frame) => JSON.parse(frame))).toEqual([1, 2, 3].map((id) => ({ id, jsonrpc: '2.0', result: { type: 'data', data: { servers: ['a'] } } })));
    // A value not marked shared is serialized each time, as tRPC's own encoder does.
    const plain = { toJSON: () => (serialized += 1, 'x') };
    encoder.encode({ id: 4, result: { type: 'data', data: plain } });
    encoder.encode({ id: 5, result: { type: 'data', data: plain } });
    expect(serialized).toBe(3);
  });
});
