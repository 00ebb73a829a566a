/**
 * McpService's system servers (McpServiceOptions.systemServers): servers the app brings, beside the
 * configured ones, with real processes. They are listed, started on use or by a sync, never prepared
 * (no package download), restarted when their start command changes, forgotten when they go away,
 * and reported as failed with the server's reason when they cannot start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { type Harness, closeHarness, createHarness, fixture, stdioRecord, waitFor } from './helpers';

let harness: Harness | undefined;
afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
});

function system(marker: string): McpServerRecord {
  return stdioRecord(fixture('eng-tools-server.mjs'), { id: 'builtin:eng', name: 'eng' }, { ENG_MARKER: marker });
}

describe('system servers', () => {
  it('are listed after the configured servers and start on use without preparation', async () => {
    const configured = stdioRecord(fixture('proc-echo-server.mjs'), { name: 'echo' });
    const prepared: string[] = [];
    harness = createHarness([configured], {
      systemServers: () => [system('one')],
      prepareServer: async (server) => {
        prepared.push(server.id);
      },
    });
    const { service } = harness;
    expect((await service.listStates()).map((s) => [s.serverId, s.status])).toEqual([
      [configured.id, 'disconnected'],
      ['builtin:eng', 'disconnected'],
    ]);
    expect(service.isSystemServer('builtin:eng')).toBe(true);
    expect(service.isSystemServer(configured.id)).toBe(false);

    await service.syncWithConfig();
    expect((await service.listStates()).map((s) => s.status)).toEqual(['connected', 'connected']);
    // The configured server is prepared (its package could need a download); the system server never.
    expect(prepared).toEqual([configured.id]);
    // A system server is not among the configured servers' tools (auto mode's list and ToolsLoader).
    expect((await service.listAllActiveServerTools()).every((tool) => tool.serverId === configured.id)).toBe(true);
  });

  it('restarts a running system server whose start command changed, before it is used, and forgets one that is gone', async () => {
    let records = [system('one')];
    harness = createHarness([], { systemServers: () => records });
    const { service } = harness;
    const whereami = async () => JSON.parse(((await service.callTool('builtin:eng', 'whereami', {}, 'c')).content[0] as { text: string }).text) as { marker: string };
    const starts = () => service.getLogs('builtin:eng').filter((entry) => entry.text.startsWith('connected: ')).length;
    expect((await whereami()).marker).toBe('one');

    records = [system('two')];
    // Used before anyone followed the change: the call reaches the new process, never the old one.
    expect((await whereami()).marker).toBe('two');
    expect(starts()).toBe(2);

    records = [system('three')];
    await service.syncSystemServers();
    expect(starts()).toBe(3);
    expect((await whereami()).marker).toBe('three');
    expect(starts()).toBe(3);

    records = [];
    await service.syncSystemServers();
    await waitFor(async () => (await service.listStates()).length === 0, 5000, 'the system server to be forgotten');
    await expect(service.listServerTools('builtin:eng')).rejects.toMatchObject({ code: 'SERVER_NOT_FOUND' });
  });

  it('reports one that cannot start as failed, with the reason from its stderr', async () => {
    const broken = stdioRecord(fixture('eng-exit-server.mjs'), { id: 'builtin:broken', name: 'broken' });
    harness = createHarness([], { systemServers: () => [broken], reconnect: { maxAttempts: 0 } });
    const { service } = harness;
    await expect(service.connect('builtin:broken')).rejects.toMatchObject({ code: 'CONNECT_FAILED' });
    const state = await service.getState('builtin:broken');
    expect(state).toMatchObject({ status: 'error', lastError: { code: 'CONNECT_FAILED' } });
    expect(String(state?.lastError?.params?.detail)).toMatch(/missing configuration, giving up/);
  });
});
