import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

const open: AppServices[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.dispose();
});

function setup(dataDir = tempDir()) {
  const services = createAppServices({ dataDir, externalChangePollMs: 0 });
  open.push(services);
  return { services, caller: createAppCaller({ services }), dataDir };
}

async function restart(first: ReturnType<typeof setup>) {
  await first.services.dispose();
  open.splice(open.indexOf(first.services), 1);
  return setup(first.dataDir);
}

const server = { name: 'everything', type: 'stdio' as const, command: 'node', args: ['server.js'] };

describe('per-tool switches (mcp.setToolEnabled, mcp.setToolAlwaysAllow)', () => {
  it('a new server has every tool on and asking; the switches survive a restart', async () => {
    const first = setup();
    const added = await first.caller.mcp.add(server);
    expect(added).toMatchObject({ disabledTools: [], alwaysAllow: [] });

    await first.caller.mcp.setToolEnabled({ id: added.id, tool: 'echo', enabled: false });
    await first.caller.mcp.setToolEnabled({ id: added.id, tool: 'add', enabled: false });
    await first.caller.mcp.setToolEnabled({ id: added.id, tool: 'add', enabled: false });
    const allowed = await first.caller.mcp.setToolAlwaysAllow({ id: added.id, tool: 'get-sum', alwaysAllow: true });
    expect(allowed).toMatchObject({ disabledTools: ['echo', 'add'], alwaysAllow: ['get-sum'] });

    const second = await restart(first);
    const [listed] = await second.caller.mcp.list();
    expect(listed).toMatchObject({ id: added.id, disabledTools: ['echo', 'add'], alwaysAllow: ['get-sum'] });

    const back = await second.caller.mcp.setToolEnabled({ id: added.id, tool: 'echo', enabled: true });
    const asking = await second.caller.mcp.setToolAlwaysAllow({ id: added.id, tool: 'get-sum', alwaysAllow: false });
    expect(back.disabledTools).toEqual(['add']);
    expect(asking).toMatchObject({ disabledTools: ['add'], alwaysAllow: [] });
  });

  it('a form edit (no switches in it) keeps them; an edit that lists them replaces them', async () => {
    const { caller } = setup();
    const added = await caller.mcp.add({ ...server, disabledTools: ['echo', 'echo'], alwaysAllow: ['add'] });
    expect(added).toMatchObject({ disabledTools: ['echo'], alwaysAllow: ['add'] });

    const edited = await caller.mcp.update({ id: added.id, ...server, name: 'renamed', timeoutSec: 30 });
    expect(edited).toMatchObject({ name: 'renamed', timeoutSec: 30, disabledTools: ['echo'], alwaysAllow: ['add'] });

    const cleared = await caller.mcp.update({ id: added.id, ...server, disabledTools: [], alwaysAllow: ['x'] });
    expect(cleared).toMatchObject({ disabledTools: [], alwaysAllow: ['x'] });
  });

  it('refuses an unknown server, a built-in server and an over-long tool name', async () => {
    const { caller } = setup();
    const missing = await rejection(caller.mcp.setToolEnabled({ id: 'nope', tool: 'echo', enabled: false }));
    expect(appErrorData(missing)).toEqual({ code: 'NOT_FOUND', params: { id: 'nope' } });
    const builtin = await rejection(caller.mcp.setToolAlwaysAllow({ id: 'builtin:clock-math', tool: 'now', alwaysAllow: true }));
    expect(appErrorData(builtin)).toMatchObject({ code: 'BUILTIN_SERVER_READONLY' });
    const added = await caller.mcp.add(server);
    const long = await rejection(caller.mcp.setToolEnabled({ id: added.id, tool: 'x'.repeat(257), enabled: false }));
    expect(long.code).toBe('BAD_REQUEST');
    const tooMany = await rejection(caller.mcp.add({ ...server, name: 'many', disabledTools: Array.from({ length: 1001 }, (_, i) => `t${i}`) }));
    expect(appErrorData(tooMany)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'disabledTools', code: 'tooMany', params: { max: 1000 } }] });
  });
});
