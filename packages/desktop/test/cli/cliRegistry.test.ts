import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { startRegistry } from '../registry/registryHarness';
import { inProcessCli } from './inProcessCli';
import { tempDir } from './cliProcess';

const cli = inProcessCli();
afterAll(() => cli.cleanup());

describe('elftia registry search', () => {
  it('prints a table of one page with name, version, status and install options, and the cursor of the next', async () => {
    const registry = await startRegistry();
    const result = await cli.run(['registry', 'search', 'example', '--limit', '4', '--registry', registry.url]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+VERSION\s+STATUS\s+INSTALL AS\s+ADDED\s+DESCRIPTION$/);
    expect(lines.slice(1, 5).map((line) => line.split(/\s{2,}/).slice(0, 4))).toEqual([
      ['com.example/http-package', '0.1.0', 'active', 'npm (serves HTTP itself)'],
      ['com.example/search-sse', '1.0.0', 'active', 'sse'],
      ['com.example/tickets', '3.2.0', 'active', 'streamable-http, sse'],
      ['io.github.example/dotnet-tools', '0.3.0', 'active', 'nuget (not supported), mcpb (not supported)'],
    ]);
    expect(lines[5]).toMatch(/^More: add --cursor \S+$/);
  });

  it('--json pages with the cursor; --all shows the deprecated and deleted records', async () => {
    const registry = await startRegistry();
    // Seven records on the page; the deprecated and the deleted one are not shown.
    const first = await cli.run(['registry', 'search', 'io.github.example', '--limit', '7', '--json', '--registry', registry.url]);
    const page = JSON.parse(first.stdout) as { servers: { name: string }[]; nextCursor?: string; offline: boolean };
    expect(page.offline).toBe(false);
    expect(page.servers.map((s) => s.name)).toEqual(['io.github.example/dotnet-tools', 'io.github.example/postgres', 'io.github.example/time', 'io.github.example/vault', 'io.github.example/weather']);
    expect(page.nextCursor).toBeUndefined();
    const all = await cli.run(['registry', 'search', 'io.github.example', '--all', '--registry', registry.url]);
    expect(all.stdout).toMatch(/io\.github\.example\/old-notes\s+0\.9\.0\s+deprecated/);
    expect(all.stdout).toMatch(/io\.github\.example\/pulled\s+0\.1\.0\s+deleted/);
    const small = JSON.parse((await cli.run(['registry', 'search', 'bulk', '--limit', '20', '--json', '--registry', registry.url])).stdout) as { nextCursor: string };
    const next = JSON.parse((await cli.run(['registry', 'search', 'bulk', '--limit', '20', '--cursor', small.nextCursor, '--json', '--registry', registry.url])).stdout) as { servers: unknown[]; nextCursor?: string };
    expect(next.servers).toHaveLength(10);
    expect(next.nextCursor).toBeUndefined();
  });

  it('says when the page comes from the cache, and fails clearly when nothing is cached', async () => {
    const registry = await startRegistry();
    const dataDir = tempDir();
    expect((await cli.run(['registry', 'search', 'time', '--registry', registry.url], {}, dataDir)).code).toBe(0);
    await registry.close();
    const offline = await cli.run(['registry', 'search', 'time', '--registry', registry.url], {}, dataDir);
    expect(offline.code).toBe(0);
    expect(offline.stderr).toContain(`The registry at ${registry.url} cannot be reached: showing what it answered at `);
    expect(offline.stdout).toContain('io.github.example/time');
    const none = await cli.run(['registry', 'search', 'weather', '--registry', registry.url], {}, dataDir);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`error: The MCP Registry at ${registry.url} could not be reached`);
  });

  it('refuses a --registry that is not an http(s) URL as a usage error', async () => {
    const result = await cli.run(['registry', 'search', 'x', '--registry', 'file:///etc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--registry file:///etc: give an http(s) URL');
  });
});

describe('elftia registry add', () => {
  it('without a terminal names the missing inputs, exits 1 and adds nothing', async () => {
    const registry = await startRegistry();
    const dataDir = tempDir();
    const result = await cli.run(['registry', 'add', 'io.github.example/weather', '--version', '2.0.0', '--input', 'arg.1=/tmp', '--registry', registry.url], {}, dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--input env.WEATHER_API_KEY:');
    expect(result.stderr).toContain('--input env.WEATHER_ENDPOINT.region:');
    expect(JSON.parse((await cli.run(['mcp', 'list', '--json'], {}, dataDir)).stdout)).toEqual([]);
  });

  it('adds with --input and --input-env (the secret read from the environment), printing what runs', async () => {
    const registry = await startRegistry();
    const dataDir = tempDir();
    const result = await cli.run(
      ['registry', 'add', 'io.github.example/weather', '--version', '1.1.0', '--input-env', 'env.WEATHER_API_KEY=WEATHER_KEY', '--registry', registry.url],
      { WEATHER_KEY: 'sk-from-env-31' },
      dataDir,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe('Added MCP server "Weather" from io.github.example/weather 1.1.0 (npx -y @example/weather-mcp@1.1.0  [env: WEATHER_API_KEY=••••], enabled).\n');
    const listed = await cli.run(['mcp', 'list'], {}, dataDir);
    expect(listed.stdout).toContain('npx -y @example/weather-mcp@1.1.0  [env: WEATHER_API_KEY=••••]');
    expect(listed.stdout).not.toContain('sk-from-env-31');
    const again = await cli.run(['registry', 'add', 'io.github.example/time', '--json', '--registry', registry.url], {}, dataDir);
    expect(JSON.parse(again.stdout)).toMatchObject({ name: 'Time', type: 'stdio', config: { command: 'uvx', args: ['mcp-server-time==0.6.2', '--local-timezone', 'UTC'] } });
  });

  it('on a terminal asks for each missing value, a secret without echo', async () => {
    const registry = await startRegistry();
    const dataDir = tempDir();
    const stdin = new PassThrough();
    let prompts = '';
    const answered = new Set<string>();
    const onStderr = (text: string) => {
      prompts += text;
      // Answers are typed once their question is shown, as a person would.
      if (prompts.includes('--token (Vault token): ') && !answered.has('token')) {
        answered.add('token');
        setImmediate(() => stdin.write('hvs.typed-SECRET-5150\n'));
      }
    };
    const result = await cli.run(['registry', 'add', 'io.github.example/vault', '--registry', registry.url], {}, dataDir, { stdin, stdinIsTTY: true, stderr: onStderr });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('--token (Vault token): ');
    expect(result.stderr).not.toContain('hvs.typed-SECRET-5150');
    expect(result.stdout).toContain('Added MCP server "Vault" from io.github.example/vault 0.2.0');
    const app = createAppServices({ dataDir, builtinServers: false });
    try {
      const [server] = app.mcpServers.list();
      const reference = server?.config.args?.[3] ?? '';
      expect(app.secretInputs.value(/\$\{input:(.+)\}/.exec(reference)?.[1] ?? '')).toBe('hvs.typed-SECRET-5150');
    } finally {
      await app.dispose();
    }
  });

  it('an option that cannot run here and an unknown option are refused', async () => {
    const registry = await startRegistry();
    const unsupported = await cli.run(['registry', 'add', 'io.github.example/dotnet-tools', '--registry', registry.url]);
    expect(unsupported.code).toBe(1);
    expect(unsupported.stderr).toContain('error: “io.github.example/dotnet-tools” cannot be installed this way on this computer.');
    const unknown = await cli.run(['registry', 'add', 'io.github.example/time', '--option', 'remote:3', '--registry', registry.url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--option remote:3: io.github.example/time offers package:0');
    const missing = await cli.run(['registry', 'add', 'io.github.example/nope', '--registry', registry.url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: The registry has no server “io.github.example/nope” (version latest).');
  });
});
