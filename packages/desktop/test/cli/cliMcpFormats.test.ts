/**
 * `elftia mcp tools --format openai|anthropic|google` and `elftia mcp call` by a provider-facing
 * name, against real servers run in-process: server-everything and the awkward-keys fixture (a
 * non-ASCII tool name, property keys Anthropic and Gemini reject). The expected definitions are
 * computed here with formatToolsFor from the command's own `--format mcp --json` output, so the
 * command is checked to print exactly what a chat would send. No server may survive a command.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatToolsFor, type ProviderFormat } from '../../app/main/tools';
import type { AnthropicTool, GeminiTools, OpenAITool } from '../../app/main/tools';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { localeText, SPAWN_TIMEOUT_MS, tempDir } from './cliProcess';
import { runInProcess } from './inProcess';
import { addServers, EVERYTHING_ENTRY, ServerPids } from './mcpServers';

const AWKWARD_SERVER = fileURLToPath(new URL('../fixtures/tl-awkward-keys-server.mjs', import.meta.url));
/** The provider rule every name must meet: 64 characters for OpenAI/Anthropic, 63 for Gemini. */
const SAFE_NAME = /^[A-Za-z0-9_]{1,63}$/;
const PROVIDERS: ProviderFormat[] = ['openai', 'anthropic', 'google'];

let dir: string;
let pids: ServerPids;

beforeAll(async () => {
  dir = tempDir();
  pids = new ServerPids(dir);
  await addServers(dir, pids, [
    { name: 'everything', script: [EVERYTHING_ENTRY, 'stdio'] },
    { name: 'awk', script: [AWKWARD_SERVER] },
    { name: 'off', script: [EVERYTHING_ENTRY, 'stdio'], enabled: false },
  ]);
}, 60_000);
afterEach(() => pids.killSurvivors());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const mcp = (...args: string[]) => runInProcess(['mcp', ...args, '--data-dir', dir]);

async function mcpJson<T>(...args: string[]): Promise<T> {
  const result = await mcp(...args, '--json');
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** The names the definitions of one provider carry. */
function namesOf(format: ProviderFormat, definitions: unknown): string[] {
  if (format === 'openai') return (definitions as OpenAITool[]).map((d) => d.function.name);
  if (format === 'anthropic') return (definitions as AnthropicTool[]).map((d) => d.name);
  return (definitions as GeminiTools).flatMap((group) => group.functionDeclarations.map((d) => d.name));
}

describe('elftia mcp tools --format', { timeout: SPAWN_TIMEOUT_MS }, () => {
  let everything: MCPTool[];
  beforeAll(async () => {
    everything = await mcpJson<MCPTool[]>('tools', 'everything', '--format', 'mcp');
    expect(everything.length).toBeGreaterThan(5);
  }, SPAWN_TIMEOUT_MS);

  it.each(PROVIDERS)('%s --json prints exactly the definitions formatToolsFor makes', async (format) => {
    const result = await mcp('tools', 'everything', '--format', format, '--json');
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as unknown;
    const expected = formatToolsFor(everything, format);
    expect(expected.dropped).toEqual([]);
    expect(printed).toEqual(JSON.parse(JSON.stringify(expected.tools)));
    const names = namesOf(format, printed);
    expect(names).toHaveLength(everything.length);
    expect(names).toContain('mcp__everything__echo');
    for (const name of names) expect(name).toMatch(SAFE_NAME);
    if (format === 'openai') for (const tool of printed as OpenAITool[]) expect(tool.function.strict).toBe(false);
    if (format === 'google') expect(printed).toEqual([{ functionDeclarations: expect.any(Array) }]);
    // Nothing left out, so nothing on stderr.
    expect(result.stderr).toBe('');
    pids.expectNoneAlive();
  });

  it('without a name uses every enabled server, the set a chat gets, and never starts a disabled one', async () => {
    const before = pids.list().length;
    const all = await mcpJson<MCPTool[]>('tools');
    expect([...new Set(all.map((tool) => tool.serverName))]).toEqual(['everything', 'awk']);
    expect(pids.list().length - before).toBe(2);

    for (const format of PROVIDERS) {
      const printed = await mcpJson<unknown>('tools', '--format', format);
      const expected = formatToolsFor(all, format);
      expect(printed, format).toEqual(JSON.parse(JSON.stringify(expected.tools)));
      const names = namesOf(format, printed);
      expect(names).toHaveLength(all.length);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(SAFE_NAME);
    }
    pids.expectNoneAlive();
  });

  it('--server picks servers the same way as NAME', async () => {
    const both = await mcpJson<AnthropicTool[]>('tools', 'awk', '--server', 'EVERYTHING', '--format', 'anthropic');
    const awk = await mcpJson<MCPTool[]>('tools', '--server', 'awk');
    const expected = formatToolsFor([...awk, ...everything], 'anthropic').tools;
    expect(both).toEqual(JSON.parse(JSON.stringify(expected)));
    pids.expectNoneAlive();
  });

  it('shows a table from provider-facing name to server and tool', async () => {
    const result = await mcp('tools', '--format', 'anthropic');
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+SERVER\s+TOOL$/);
    expect(lines).toContainEqual(expect.stringMatching(/^mcp__everything__echo\s+everything\s+echo$/));
    expect(lines).toContainEqual(expect.stringMatching(/^mcp__awk__save_file\s+awk\s+save-file$/));
    // 検索 is not ASCII: its name gets a hash so it cannot collapse into another one.
    expect(lines).toContainEqual(expect.stringMatching(/^mcp__awk_[0-9a-f]{6}\s+awk\s+検索$/));
    pids.expectNoneAlive();
  });

  it('the mcp table of several servers names the server of each tool', async () => {
    const result = await mcp('tools');
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^SERVER\s+NAME\s+DESCRIPTION$/);
    expect(lines).toContainEqual(expect.stringMatching(/^everything\s+echo\s+Echoes back the input string$/));
    expect(lines).toContainEqual(expect.stringMatching(/^awk\s+save-file\s+Saves files; echoes its arguments$/));
    pids.expectNoneAlive();
  });

  it('speaks the language of the environment', async () => {
    const result = await runInProcess(['mcp', 'tools', 'awk', '--format', 'google', '--data-dir', dir], { env: { LANG: 'zh_CN.UTF-8' } });
    expect(result.code, result.stderr).toBe(0);
    const header = result.stdout.split('\n')[0] ?? '';
    for (const key of ['name', 'server', 'tool']) expect(header).toContain(localeText('zh', `cli/messages:columns.${key}`));
    pids.expectNoneAlive();
  });
});

describe('elftia mcp call by a provider-facing name', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('calls the tool the name maps to', async () => {
    const result = await mcp('call', 'everything', 'mcp__everything__echo', '--args', '{"message":"hi"}', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ content: [{ type: 'text', text: 'Echo: hi' }] });
    pids.expectNoneAlive();
  });

  it('resolves a hashed name from the --format output and renames provider keys back', async () => {
    const definitions = await mcpJson<AnthropicTool[]>('tools', '--format', 'anthropic');
    const search = definitions.find((d) => /^mcp__awk_[0-9a-f]{6}$/.test(d.name));
    const [queryKey] = Object.keys(search?.input_schema.properties as object);
    expect(queryKey).toMatch(/^[a-zA-Z0-9_.-]{1,64}$/);

    const result = await mcp('call', 'awk', search!.name, '--args', JSON.stringify({ [queryKey!]: 'q' }));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ tool: '検索', arguments: { クエリ: 'q' } });
    pids.expectNoneAlive();
  });

  it('renames nested keys back, and takes the tool\'s own keys as they are', async () => {
    const original = { 'files[0]': 'a.txt', 'a b': { 'x y': 2, ok: true }, list: [{ '@id': 'i1' }] };
    const renamed = { files_0: 'a.txt', a_b: { x_y: 2, ok: true }, list: [{ id: 'i1' }] };
    for (const args of [renamed, original]) {
      const result = await mcp('call', 'awk', 'mcp__awk__save_file', '--args', JSON.stringify(args));
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ tool: 'save-file', arguments: original });
    }
    // By the server's own name, arguments go as given: provider keys are not the tool's keys.
    const raw = await mcp('call', 'awk', 'save-file', '--args', JSON.stringify(renamed));
    expect(raw.code).toBe(1);
    expect(raw.stderr).toContain('files[0]');
    pids.expectNoneAlive();
  });
});

describe('a server that cannot be connected', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('is left out and reported when no server is named, and exits 1; named, it is an error', async () => {
    const own = tempDir();
    const ownPids = new ServerPids(own);
    try {
      await addServers(own, ownPids, [
        { name: 'awk', script: [AWKWARD_SERVER] },
        { name: 'broken', script: [fileURLToPath(new URL('./fixtures/no-such-server.mjs', import.meta.url))], timeoutSec: 10 },
      ]);
      const run = (...args: string[]) => runInProcess(['mcp', 'tools', ...args, '--data-dir', own]);

      // The process of a missing script exits 1 during the handshake; the message says so.
      const connectFailed = localeText('en', 'withReason', { message: localeText('en', 'errors.CONNECT_FAILED'), reason: localeText('en', 'causes.exit', { exitCode: 1 }) });
      const json = await run('--format', 'openai', '--json');
      expect(json.code).toBe(1);
      const awk = formatToolsFor((JSON.parse((await run('awk', '--json')).stdout) as MCPTool[]), 'openai').tools;
      expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify(awk)));
      const problems = JSON.parse(json.stderr) as { warnings: string[]; dropped: unknown[]; failedServers: Array<{ server: string; error: { code: string; message: string } }> };
      expect(problems.warnings).toEqual([]);
      expect(problems.dropped).toEqual([]);
      expect(problems.failedServers).toEqual([{ server: 'broken', error: expect.objectContaining({ code: 'CONNECT_FAILED', message: connectFailed }) }]);

      const text = await run('--format', 'google');
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/^mcp__awk__save_file\s+awk\s+save-file$/m);
      expect(text.stderr.split('\n')[0]).toBe(localeText('en', 'cli/messages:tools.serverFailed', { name: 'broken', message: connectFailed }));

      const named = await run('broken', '--format', 'google', '--json');
      expect(named.code).toBe(1);
      expect(named.stdout).toBe('');
      expect(JSON.parse(named.stderr)).toMatchObject({ error: { code: 'CONNECT_FAILED' } });
      ownPids.expectNoneAlive();
    } finally {
      ownPids.killSurvivors();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
