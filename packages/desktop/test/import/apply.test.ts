/**
 * Against the servers configured now: a name clash (look-alikes included) renames, the same server
 * again is skipped, and apply adds everything or nothing.
 */
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { fixture, importCaller } from './helpers';

const server = (command: string) => ({ name: 'github', type: 'stdio' as const, command, args: [] });

describe('mcp.importApply', () => {
  it('renames an entry whose name (or a look-alike) is taken, and skips one identical to a configured server', async () => {
    const { caller } = importCaller();
    await caller.mcp.add(server('other'));
    await caller.mcp.add({ name: 'filesystem', type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/username/Desktop', '/Users/username/Downloads'] });
    const text = fixture('claude-desktop.json').replace('"github"', '"GitHub"');
    const preview = await caller.mcp.importPreview({ text });
    expect(preview.entries.map((e) => [e.sourceName, e.name, e.action, e.reason, e.existingName])).toEqual([
      ['filesystem', 'filesystem', 'skip', 'identical', 'filesystem'],
      ['GitHub', 'GitHub 2', 'rename', undefined, 'github'],
    ]);
    const result = await caller.mcp.importApply({ text });
    expect(result.added.map((s) => s.name)).toEqual(['GitHub 2']);
    expect((await caller.mcp.list()).map((s) => s.name)).toEqual(['github', 'filesystem', 'GitHub 2']);
  });

  it('importing the same file twice adds nothing the second time', async () => {
    const { caller } = importCaller();
    const text = fixture('cline.json');
    await caller.mcp.importApply({ text });
    const again = await caller.mcp.importApply({ text });
    expect(again.added).toEqual([]);
    expect(again.preview.entries.every((e) => e.reason === 'identical')).toBe(true);
    expect(await caller.mcp.list()).toHaveLength(3);
  });

  it('entries the user leaves out are skipped as excluded', async () => {
    const { caller } = importCaller();
    const result = await caller.mcp.importApply({ text: fixture('claude-desktop.json'), skip: ['github'] });
    expect(result.added.map((s) => s.name)).toEqual(['filesystem']);
    expect(result.preview.entries[1]).toMatchObject({ action: 'skip', reason: 'excluded' });
  });

  it('a batch the database refuses half way stores none of it (one transaction)', async () => {
    const { services } = importCaller();
    services.mcpServers.add({ ...server('x'), timeoutSec: 60, enabled: true, env: {}, watchPaths: [] });
    const first = { ...server('a'), name: 'first', timeoutSec: 60, enabled: true, env: {}, watchPaths: [] };
    const clash = { ...server('b'), timeoutSec: 60, enabled: true, env: {}, watchPaths: [] };
    expect(() => services.mcpServers.addAll([first, clash])).toThrow(/name \(duplicate\)/);
    // Read the database again, not the service's cache.
    services.mcpServers.notifyExternalChange();
    expect(services.mcpServers.list().map((s) => s.name)).toEqual(['github']);
  });

  it('a file with errors applies nothing and names each entry and field', async () => {
    const { caller } = importCaller();
    const text = JSON.stringify({ mcpServers: { good: { command: 'node' }, bad: { type: 'carrier-pigeon', url: 'https://x.example' } } });
    const error = await caller.mcp.importApply({ text }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).cause).toMatchObject({ code: 'VALIDATION', fieldErrors: [{ field: 'bad.type', code: 'invalidTransport', params: { value: 'carrier-pigeon' } }] });
    expect(await caller.mcp.list()).toEqual([]);
    // Leaving the bad entry out lets the rest through.
    expect((await caller.mcp.importApply({ text, skip: ['bad'] })).added.map((s) => s.name)).toEqual(['good']);
  });
});
