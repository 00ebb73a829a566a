/**
 * loadDirectMcpTools without a tracker: there is no process-wide tracker any more (each runtime owns
 * one), so a load gets a tracker of its own, covered by the exit safety net while its connections run
 * and disposed once closeDirectConnections closed them.
 */
import { describe, expect, it } from 'vitest';
import { builtinServers } from '../../app/main/builtin-servers';
import { closeDirectConnections, loadDirectMcpTools } from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { isAlive } from '../../app/main/mcp/process';
import { liveTrackerCount } from '../../app/main/mcp/process/exitSafetyNet';

describe('loadDirectMcpTools without a tracker', () => {
  it('tracks its servers with a tracker of its own and disposes it once they are closed', async () => {
    const before = liveTrackerCount();
    const loaded = await loadDirectMcpTools(builtinServers());
    const pids = loaded.connections.map((c) => c.pid as number);
    expect(pids).toHaveLength(1);
    expect(pids.every((pid) => isAlive(pid))).toBe(true);
    expect(liveTrackerCount()).toBe(before + 1);

    await closeDirectConnections(loaded.connections);
    expect(pids.filter((pid) => isAlive(pid))).toEqual([]);
    expect(liveTrackerCount()).toBe(before);
  }, 20_000);

  it('leaves no tracker behind when no server started', async () => {
    const before = liveTrackerCount();
    const loaded = await loadDirectMcpTools([{ name: 'missing', command: '/no/such/command', args: [] }]);
    expect(loaded.failures.map((f) => f.serverName)).toEqual(['missing']);
    expect(liveTrackerCount()).toBe(before);
  }, 20_000);
});
