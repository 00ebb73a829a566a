/**
 * The chat path's tool conversion is counted, not timed: loadTurnTools over two real stdio servers
 * converts their schemas on the first turn and nothing on a second turn with unchanged lists; a
 * server whose list changed is converted again alone; a tool switched off or on, and a server removed,
 * change what the turn offers without converting anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgumentCheck } from '../../app/main/engine/preparedCall';
import { type TurnTools, loadTurnTools } from '../../app/main/engine/turnTools';
import type { ToolSwitches } from '../../app/main/mcp/toolSwitches';
import { schemaWork } from '../../app/main/tools/schema/convertedSchemas';
import type { AnthropicTool } from '../../app/main/tools/types';
import { type Harness, closeHarness, createHarness, fixture, stdioRecord, waitFor } from '../mcp/helpers';

const one = stdioRecord(fixture('mcp-fault-server.mjs'), { name: 'one' });
const two = stdioRecord(fixture('mcp-fault-server.mjs'), { name: 'two' });
const policy = { autoApproveReadOnly: false, manyToolsThreshold: 1000 };

let harness: Harness;

beforeAll(async () => {
  harness = createHarness([one, two], {}, 'process');
  await harness.service.connect(one.id);
  await harness.service.connect(two.id);
});

afterAll(async () => {
  await closeHarness(harness);
});

async function turn(switches?: ToolSwitches): Promise<{ tools: TurnTools; normalized: number; converted: number }> {
  const before = { ...schemaWork };
  const tools = await loadTurnTools({ mcp: harness.service, policy, check: new ArgumentCheck(), ...(switches ? { switches } : {}) }, 'auto', [], 'anthropic');
  return { tools, normalized: schemaWork.normalized - before.normalized, converted: schemaWork.converted - before.converted };
}

const names = (tools: TurnTools) => (tools.definitions as AnthropicTool[]).map((definition) => definition.name);
const toolCount = async (id: string) => (await harness.service.listServerTools(id)).length;

describe('tool conversions on the chat path', () => {
  it('an unchanged list converts nothing on the next turn; a changed list converts only its own server', async () => {
    const first = await turn();
    const countOne = await toolCount(one.id);
    const countTwo = await toolCount(two.id);
    expect(countOne).toBeGreaterThan(3);
    expect(first.normalized).toBe(countOne + countTwo);
    expect(first.converted).toBe(countOne + countTwo);

    const second = await turn();
    expect(second).toMatchObject({ normalized: 0, converted: 0 });
    expect(second.tools.definitions).toEqual(first.tools.definitions);
    expect([...second.tools.nameMap.entries()]).toEqual([...first.tools.nameMap.entries()]);

    // The server registers a tool at runtime and says its list changed: its list is fetched anew.
    await harness.service.callTool(two.id, 'add-tool', { name: 'added' }, 'add-1');
    await waitFor(() => harness.service.cachedToolNames(two.id)?.includes('added') === true, 10_000, 'the new tool list');
    const third = await turn();
    expect(third.normalized).toBe(countTwo + 1);
    expect(third.converted).toBe(countTwo + 1);
    expect(names(third.tools)).toContain('mcp__two__added');
    expect(names(third.tools).filter((name) => name.startsWith('mcp__one__'))).toEqual(names(first.tools).filter((name) => name.startsWith('mcp__one__')));
  });

  it('a tool switched off leaves the turn and comes back when switched on, with nothing converted', async () => {
    await turn();
    const off: ToolSwitches = { isDisabled: (serverId, toolName) => serverId === one.id && toolName === 'echo', isAlwaysAllowed: () => false };
    const without = await turn(off);
    expect(without).toMatchObject({ normalized: 0, converted: 0 });
    expect(names(without.tools)).not.toContain('mcp__one__echo');
    expect(names(without.tools)).toContain('mcp__two__echo');
    const back = await turn();
    expect(back).toMatchObject({ normalized: 0, converted: 0 });
    expect(names(back.tools)).toContain('mcp__one__echo');
  });

  it('a removed server leaves the turn, and the others are not converted again', async () => {
    await turn();
    harness.servers.remove(one.id);
    await harness.service.syncWithConfig();
    const after = await turn();
    expect(after).toMatchObject({ normalized: 0, converted: 0 });
    expect(names(after.tools).some((name) => name.startsWith('mcp__one__'))).toBe(false);
    expect(names(after.tools)).toContain('mcp__two__echo');
  });
});
