/**
 * `elftia mcp status | tools | call | logs` against real servers (server-everything and the fault
 * fixture, both over stdio), run in-process. After every command, no server process may survive.
 * The real-process checks (Ctrl+C, --follow) are in cliMcpServers.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerState } from '../../app/shared/contracts/mcp-connection';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { localeText, SPAWN_TIMEOUT_MS, tempDir } from './cliProcess';
import { runInProcess } from './inProcess';
import { addServers, EVERYTHING_DIR, EVERYTHING_ENTRY, FAULT_SERVER, ServerPids } from './mcpServers';

const LENIENT_SERVER = fileURLToPath(new URL('../fixtures/lenient-lists-server.mjs', import.meta.url));

let dir: string;
let pids: ServerPids;
let recordFile: string;

beforeAll(async () => {
  dir = tempDir();
  pids = new ServerPids(dir);
  recordFile = path.join(dir, 'record.txt');
  await addServers(dir, pids, [
    { name: 'everything', script: [EVERYTHING_ENTRY, 'stdio'] },
    { name: 'faults', script: [FAULT_SERVER], env: { MCP_FIXTURE_RECORD: recordFile } },
    { name: 'off', script: [EVERYTHING_ENTRY, 'stdio'], enabled: false },
  ]);
}, 60_000);
afterEach(() => pids.killSurvivors());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const mcp = (...args: string[]) => runInProcess(['mcp', ...args, '--data-dir', dir]);
const recorded = () => (fs.existsSync(recordFile) ? fs.readFileSync(recordFile, 'utf8') : '');

describe('elftia mcp tools', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('lists the raw tools as a table, and in full with --json', async () => {
    const table = await mcp('tools', 'everything');
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+DESCRIPTION$/);
    expect(lines).toContainEqual(expect.stringMatching(/^echo\s+Echoes back the input string$/));
    pids.expectNoneAlive();

    const json = await mcp('tools', 'EVERYTHING', '--json');
    const tools = JSON.parse(json.stdout) as MCPTool[];
    expect(tools.map((tool) => tool.name)).toEqual(lines.slice(1).map((line) => line.split(/\s+/)[0]));
    expect(tools.find((tool) => tool.name === 'echo')).toMatchObject({ serverName: 'everything', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } });
    pids.expectNoneAlive();
  });
});

describe('elftia mcp tools of a server whose tool list breaks the schema', { timeout: SPAWN_TIMEOUT_MS }, () => {
  let sloppyDir: string;
  let sloppyPids: ServerPids;
  beforeAll(async () => {
    sloppyDir = tempDir();
    sloppyPids = new ServerPids(sloppyDir);
    await addServers(sloppyDir, sloppyPids, [{ name: 'sloppy', script: [LENIENT_SERVER] }]);
  }, 60_000);
  afterEach(() => sloppyPids.killSurvivors());
  afterAll(() => fs.rmSync(sloppyDir, { recursive: true, force: true }));
  const sloppy = (...args: string[]) => runInProcess(['mcp', 'tools', 'sloppy', ...args, '--data-dir', sloppyDir]);

  it('lists the usable tools and names each one left out with why, on stderr', async () => {
    const table = await sloppy();
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.trimEnd().split('\n').slice(1).map((line) => line.split(/\s+/)[0])).toEqual([
      'echo', 'no-type', 'root-any-of', 'bool-property', 'php-empty', 'no-schema', 'string-root', 'bad-annotations', 'typed-output', 'touch',
    ]);
    const reason = (key: string, params: Record<string, string> = {}) => localeText('en', `settings/tools:skipped.reason.${key}`, params);
    const unnamed = localeText('en', 'settings/tools:skipped.unnamed');
    expect(table.stderr.trimEnd().split('\n')).toEqual([
      localeText('en', 'cli/messages:tools.skipped', { server: 'sloppy', name: unnamed, reason: reason('notAnObject') }),
      localeText('en', 'cli/messages:tools.skipped', { server: 'sloppy', name: unnamed, reason: reason('invalidField', { field: 'name' }) }),
      localeText('en', 'cli/messages:tools.skipped', { server: 'sloppy', name: 'echo', reason: reason('duplicate') }),
    ]);
    sloppyPids.expectNoneAlive();

    const json = await sloppy('--json');
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as MCPTool[]).find((tool) => tool.name === 'no-type')?.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] });
    expect(JSON.parse(json.stderr).skipped).toEqual([
      { server: 'sloppy', kind: 'tool', name: '', reason: 'notAnObject', message: reason('notAnObject') },
      { server: 'sloppy', kind: 'tool', name: '', reason: 'invalidField', field: 'name', detail: expect.any(String), message: reason('invalidField', { field: 'name' }) },
      { server: 'sloppy', kind: 'tool', name: 'echo', reason: 'duplicate', message: reason('duplicate') },
    ]);
    sloppyPids.expectNoneAlive();
  });
});

describe('elftia mcp call', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('prints an image as a one-line summary between the text blocks', async () => {
    const { MCP_TINY_IMAGE } = (await import(pathToFileURL(path.join(EVERYTHING_DIR, 'dist/tools/get-tiny-image.js')).href)) as { MCP_TINY_IMAGE: string };
    const result = await mcp('call', 'everything', 'get-tiny-image');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`Here's the image you requested:\n[image image/png, ${MCP_TINY_IMAGE.length} bytes base64]\nThe image above is the MCP logo.\n`);
    pids.expectNoneAlive();
  });

  it('summarises an embedded resource and prints the raw result with --json', async () => {
    const text = await mcp('call', 'everything', 'get-resource-reference', '--args', '{"resourceId": 2}');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^\[resource demo:\/\/resource\/dynamic\/text\/2, text\/plain, \d+ characters of text\]$/m);

    const json = await mcp('call', 'everything', 'echo', '--args', '{"message":"hi"}', '--json');
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: 'Echo: hi' }] });
    pids.expectNoneAlive();
  });

  it('names the offending field of invalid arguments, exits 1 and sends nothing', async () => {
    const echo = await mcp('call', 'everything', 'echo', '--args', '{"msg":"hi"}');
    expect(echo.code).toBe(1);
    expect(echo.stdout).toBe('');
    expect(echo.stderr).toContain(`error: ${localeText('en', 'errors.INVALID_ARGUMENTS', { tool: 'echo' })}\n  message: ${localeText('en', 'validation.required')}\n`);

    const strict = await mcp('call', 'faults', 'strict', '--args', '{"count":1,"email":"a@b.example","nested":{"flag":"yes"}}');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`${localeText('en', 'errors.INVALID_ARGUMENTS', { tool: 'strict' })}\n  nested.flag: ${localeText('en', 'validation.wrongType', { type: 'boolean' })}\n`);
    // --json lists every problem with its path and the validator's own words.
    const sum = await mcp('call', 'everything', 'get-sum', '--args', '{"a":"two"}', '--json');
    expect(sum.code).toBe(1);
    expect(JSON.parse(sum.stderr).error.fieldErrors).toEqual([
      { field: 'b', code: 'required', message: localeText('en', 'validation.required'), reason: "must have required property 'b'", flag: 'b' },
      { field: 'a', code: 'wrongType', message: localeText('en', 'validation.wrongType', { type: 'number' }), reason: 'must be number', flag: 'a' },
    ]);
    expect(recorded()).not.toContain('call strict');
    pids.expectNoneAlive();
  });

  it('reports an unknown tool, exit 1', async () => {
    const result = await mcp('call', 'everything', 'no-such-tool');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(localeText('en', 'errors.TOOL_NOT_FOUND', { tool: 'no-such-tool' }));
    pids.expectNoneAlive();
  });

  it('prints a result the tool marks as an error on stderr and exits 1', async () => {
    const result = await mcp('call', 'everything', 'get-resource-reference', '--args', '{"resourceId":0}');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Invalid resourceId: 0. Must be a finite positive integer.');
    pids.expectNoneAlive();
  });

  it('ends a call at --timeout with the translated TIMEOUT, and the server is told to cancel', async () => {
    const result = await mcp('call', 'faults', 'hang', '--timeout', '1');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(localeText('en', 'errors.TIMEOUT'));
    expect(recorded()).toMatch(/call hang\ncancelled \d+\n/);
    pids.expectNoneAlive();
  });

  it('cancels the call on Ctrl+C and exits 130', async () => {
    const before = recorded().length;
    const result = await runInProcess(['mcp', 'call', 'faults', 'hang', '--data-dir', dir], {
      onListening(signal) {
        // Interrupt once the server has the call, as a user pressing Ctrl+C on a slow tool would.
        const timer = setInterval(() => {
          if (!recorded().slice(before).includes('call hang')) return;
          clearInterval(timer);
          signal('SIGINT');
        }, 50);
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toBe(`${localeText('en', 'errors.CANCELLED')}\n`);
    expect(recorded().slice(before)).toMatch(/call hang\ncancelled \d+\n/);
    pids.expectNoneAlive();
  });
});

describe('Ctrl+C while a server is still starting', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('exits 130 at once and leaves no process behind', async () => {
    const own = tempDir();
    const ownPids = new ServerPids(own);
    try {
      // Silent for two minutes, within its own timeout and past the test's: only the interrupt can end the wait.
      await addServers(own, ownPids, [{ name: 'slow', script: [FAULT_SERVER], env: { MCP_FIXTURE_START_DELAY_MS: '120000' }, timeoutSec: 300 }]);
      const started = Date.now();
      const result = await runInProcess(['mcp', 'tools', 'slow', '--data-dir', own], {
        onListening(signal) {
          const timer = setInterval(() => {
            if (ownPids.list().length === 0) return;
            clearInterval(timer);
            signal('SIGINT');
          }, 50);
        },
      });
      expect(result.code).toBe(130);
      expect(Date.now() - started).toBeLessThan(30_000);
      ownPids.expectNoneAlive();
    } finally {
      ownPids.killSurvivors();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('elftia mcp status', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('prints the connection states with --json, starting disabled servers never', async () => {
    const before = pids.list().length;
    const result = await mcp('status', '--json');
    expect(result.code, result.stderr).toBe(0);
    const states = JSON.parse(result.stdout) as McpServerState[];
    // The configured servers, then the built-in clock-math (files has no folder here).
    expect(states.map((s) => [s.serverName, s.status])).toEqual([['everything', 'connected'], ['faults', 'connected'], ['off', 'disabled'], ['clock-math', 'connected']]);
    expect(states[0]).toMatchObject({ serverInfo: { name: 'mcp-servers/everything' }, consecutiveErrors: 0, degraded: false });
    expect(states[0]?.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(states[0]?.toolCount).toBeGreaterThan(5);
    expect(states[1]).toMatchObject({ serverInfo: { name: 'fault-server', version: '1.2.3' } });
    // Two servers started, not three.
    expect(pids.list().length - before).toBe(2);
    pids.expectNoneAlive();
  });

  it('speaks the language of the environment', async () => {
    const result = await runInProcess(['mcp', 'status', 'off', '--data-dir', dir], { env: { LANG: 'ja_JP.UTF-8' } });
    expect(result.code, result.stderr).toBe(0);
    const [header, row] = result.stdout.trimEnd().split('\n');
    expect(header?.startsWith(`${localeText('ja', 'cli/messages:columns.name')}  `)).toBe(true);
    expect(header).toContain(localeText('ja', 'cli/messages:columns.protocol'));
    expect(row).toMatch(new RegExp(`^off\\s+stdio\\s+${localeText('ja', 'cli/messages:status.disabled')}\\s`));
  });
});

describe('elftia mcp logs', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it("prints the server's log with time, level and text", async () => {
    const result = await mcp('logs', 'faults');
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    const line = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z {2}(info|stderr|warn|error) +.+$/;
    for (const text of lines) expect(text).toMatch(line);
    expect(lines[0]).toMatch(/ info +connecting: stdio /);
    expect(lines).toContainEqual(expect.stringMatching(/ info +connected: fault-server 1\.2\.3, protocol \S+, \d+ tools$/));
    pids.expectNoneAlive();
  });
});
