import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

/** mcp.logLevel / mcp.setLogLevel: the server's own logging level, kept in the app's settings across runs. */
const open: AppServices[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.dispose();
});

function setup(dataDir = tempDir()) {
  const services = createAppServices({ dataDir, externalChangePollMs: 0 });
  open.push(services);
  return { services, caller: createAppCaller({ services }), dataDir };
}

describe('mcp.logLevel', () => {
  it('is info until set, and a set level survives a restart of the app', async () => {
    const first = setup();
    const added = await first.caller.mcp.add({ name: 'quiet', type: 'stdio', command: 'node', args: ['server.js'] });
    expect(await first.caller.mcp.logLevel({ id: added.id })).toEqual({ level: 'info' });
    expect(await first.caller.mcp.setLogLevel({ id: added.id, level: 'debug' })).toEqual({ level: 'debug' });
    await first.services.dispose();
    open.splice(0);
    const second = setup(first.dataDir);
    expect(await second.caller.mcp.logLevel({ id: added.id })).toEqual({ level: 'debug' });
  });

  it('refuses a level MCP does not have', async () => {
    const { caller } = setup();
    const added = await caller.mcp.add({ name: 'quiet', type: 'stdio', command: 'node', args: ['server.js'] });
    expect(await rejection(caller.mcp.setLogLevel({ id: added.id, level: 'verbose' as 'debug' }))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
