/**
 * `elftia mcp tool disable|enable|allow|ask NAME TOOL` and the marks of `elftia mcp tools`, against
 * a real server-everything over stdio, run in-process. After every command, no server process may
 * survive.
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { localeText, SPAWN_TIMEOUT_MS, tempDir } from './cliProcess';
import { runInProcess } from './inProcess';
import { addServers, EVERYTHING_ENTRY, ServerPids } from './mcpServers';

let dir: string;
let pids: ServerPids;

beforeAll(async () => {
  dir = tempDir();
  pids = new ServerPids(dir);
  await addServers(dir, pids, [
    { name: 'everything', script: [EVERYTHING_ENTRY, 'stdio'] },
    { name: 'off', script: [EVERYTHING_ENTRY, 'stdio'], enabled: false },
    { name: 'broken', command: '/nonexistent/elftia-no-such-program', script: [] },
  ]);
}, 60_000);
afterEach(() => pids.killSurvivors());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const mcp = (args: string[], env: NodeJS.ProcessEnv = {}) => runInProcess(['mcp', ...args, '--data-dir', dir], { env });

describe('elftia mcp tool disable|enable|allow|ask', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('turns a tool off and marks it in "mcp tools"; the provider view leaves it out; enable brings it back', async () => {
    const off = await mcp(['tool', 'disable', 'EVERYTHING', 'ECHO']);
    expect(off.code, off.stderr).toBe(0);
    // The name as the server spells it.
    expect(off.stdout).toBe(`${localeText('en', 'cli/messages:toolSwitch.disabled', { name: 'everything', tool: 'echo' })}\n`);
    expect(off.stderr).toBe('');
    pids.expectNoneAlive();

    const allow = await mcp(['tool', 'allow', 'everything', 'get-sum']);
    expect(allow.stdout).toBe(`${localeText('en', 'cli/messages:toolSwitch.allowed', { name: 'everything', tool: 'get-sum' })}\n`);

    const table = await mcp(['tools', 'everything']);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+STATE\s+DESCRIPTION$/);
    expect(lines).toContainEqual(expect.stringMatching(/^echo\s+off\s+Echoes back the input string$/));
    expect(lines).toContainEqual(expect.stringMatching(/^get-sum\s+always allowed\s+\S/));
    const json = JSON.parse((await mcp(['tools', 'everything', '--json'])).stdout) as (MCPTool & { disabled?: true; alwaysAllow?: true })[];
    expect(json.find((t) => t.name === 'echo')).toMatchObject({ disabled: true });
    expect(json.find((t) => t.name === 'get-sum')).toMatchObject({ alwaysAllow: true });
    expect(json.find((t) => t.name === 'get-env')).not.toHaveProperty('disabled');

    const openai = JSON.parse((await mcp(['tools', 'everything', '--format', 'openai', '--json'])).stdout) as { function: { name: string } }[];
    expect(openai.map((t) => t.function.name)).not.toContain('mcp__everything__echo');
    expect(openai.map((t) => t.function.name)).toContain('mcp__everything__get_sum');

    const on = await mcp(['tool', 'enable', 'everything', 'echo', '--json']);
    expect(JSON.parse(on.stdout)).toMatchObject({ name: 'everything', disabledTools: [], alwaysAllow: ['get-sum'] });
    const ask = await mcp(['tool', 'ask', 'everything', 'get-sum']);
    expect(ask.stdout).toBe(`${localeText('en', 'cli/messages:toolSwitch.asks', { name: 'everything', tool: 'get-sum' })}\n`);
    const plain = await mcp(['tools', 'everything']);
    expect(plain.stdout.split('\n')[0]).toMatch(/^NAME\s+DESCRIPTION$/);
    pids.expectNoneAlive();
  });

  it('names a tool the connected server does not have, in the user language, and changes nothing', async () => {
    const result = await mcp(['tool', 'disable', 'everything', 'no-such-tool'], { LANG: 'ja_JP.UTF-8' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(localeText('ja', 'errors.TOOL_NOT_FOUND', { tool: 'no-such-tool' }));
    const json = JSON.parse((await mcp(['list', '--json'])).stdout) as { name: string; disabledTools: string[] }[];
    expect(json.find((s) => s.name === 'everything')?.disabledTools).toEqual([]);
    pids.expectNoneAlive();
  });

  it('takes the name as given for a server that is switched off or cannot be connected, and says so', async () => {
    const off = await mcp(['tool', 'disable', 'off', 'anything']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stderr).toBe(`${localeText('en', 'cli/messages:toolSwitch.serverOff', { name: 'off', tool: 'anything' })}\n`);
    const broken = await mcp(['tool', 'allow', 'broken', 'whatever'], { LANG: 'zh_CN.UTF-8' });
    expect(broken.code, broken.stderr).toBe(0);
    expect(broken.stderr).toBe(`${localeText('zh', 'cli/messages:toolSwitch.notConnected', { name: 'broken', tool: 'whatever' })}\n`);
    expect(broken.stdout).toBe(`${localeText('zh', 'cli/messages:toolSwitch.allowed', { name: 'broken', tool: 'whatever' })}\n`);
    const json = JSON.parse((await mcp(['list', '--json'])).stdout) as { name: string; disabledTools: string[]; alwaysAllow: string[] }[];
    expect(json.find((s) => s.name === 'off')?.disabledTools).toEqual(['anything']);
    expect(json.find((s) => s.name === 'broken')?.alwaysAllow).toEqual(['whatever']);
  });

  it('has help for each verb and a usage error without TOOL', async () => {
    const help = await runInProcess(['mcp', 'tool', 'disable', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('elftia mcp tool disable NAME TOOL');
    const group = await runInProcess(['mcp', '--help']);
    for (const verb of ['disable', 'enable', 'allow', 'ask']) expect(group.stdout).toContain(`mcp tool ${verb}`);
    const missing = await mcp(['tool', 'disable', 'everything']);
    expect(missing.code).toBe(2);
  });
});
