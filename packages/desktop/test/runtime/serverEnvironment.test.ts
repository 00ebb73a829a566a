/**
 * What a stdio server can read of the app's environment, checked by a real server that reports the
 * names of its variables (fixtures/env-keys-server.mjs), through the router as the form and the CLI
 * use it: an API key in the app's environment reaches no server unless that server's switch is on
 * or its config copies it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, createAppServices } from '../../app/main/index';
import { TREE_MARKER_ENV } from '../../app/main/mcp/process/treeMarker';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { SECRET_SET } from '../../app/shared/contracts/secrets';
import { tempDir } from '../support/tempDir';
import { fixture, useFastLoginShell } from './helpers';

const SECRET = 'sk-test-this-must-not-reach-servers';
useFastLoginShell();
beforeAll(() => {
  process.env.OPENAI_API_KEY = SECRET;
});
afterAll(() => {
  delete process.env.OPENAI_API_KEY;
});

let services: AppServices | undefined;
afterEach(async () => {
  await services?.dispose();
  services = undefined;
});

function setup() {
  services = createAppServices({ dataDir: tempDir() });
  return createAppCaller({ services });
}

type Caller = ReturnType<typeof setup>;

const envKeysServer = { type: 'stdio' as const, command: process.execPath, args: [fixture('env-keys-server.mjs')] };

async function keysOf(caller: Caller, id: string): Promise<string[]> {
  const result = await caller.mcp.callTool({ id, tool: 'env_keys' });
  const [block] = result.content as { type: string; text: string }[];
  return JSON.parse(block!.text) as string[];
}

describe('the environment of a stdio server', () => {
  it('is the allowlist plus its own variables: an API key of the app is not in it, and the details name exactly what is', async () => {
    const caller = setup();
    const server = await caller.mcp.add({ name: 'env', ...envKeysServer, env: { OWN_SETTING: 'on' } });
    const keys = await keysOf(caller, server.id);
    expect(keys).toEqual(expect.arrayContaining(['HOME', 'PATH', 'OWN_SETTING', TREE_MARKER_ENV]));
    expect(keys).not.toContain('OPENAI_API_KEY');

    const described = await caller.mcp.envNames({ id: server.id });
    expect(described.inheritEnv).toBe(false);
    expect(described.names.map((n) => n.name).sort()).toEqual([...keys].sort());
    expect(described.names).toEqual(expect.arrayContaining([{ name: 'OWN_SETTING', source: 'server' }, { name: 'HOME', source: 'app' }, { name: TREE_MARKER_ENV, source: 'elftia' }]));
    // Names only: no value of the app's environment travels with them.
    expect(JSON.stringify(described)).not.toContain(process.env.HOME!);
  }, 30_000);

  it('is all of the app’s environment when the server’s own switch is on', async () => {
    const caller = setup();
    const server = await caller.mcp.add({ name: 'env-all', ...envKeysServer, inheritEnv: true });
    expect(server.config.inheritEnv).toBe(true);
    expect(await keysOf(caller, server.id)).toContain('OPENAI_API_KEY');
    expect((await caller.mcp.envNames({ id: server.id })).inheritEnv).toBe(true);
  }, 30_000);

  it('gets a variable the form copies from the app’s environment; the value is resolved in main', async () => {
    const caller = setup();
    expect(await caller.mcp.appEnvNames()).toContain('OPENAI_API_KEY');
    const server = await caller.mcp.add({ name: 'env-copy', ...envKeysServer, copyEnv: ['OPENAI_API_KEY'] });
    // Write-only from then on: the router shows that it is set, the stored record holds the value.
    expect(server.config.env).toEqual({ OPENAI_API_KEY: SECRET_SET });
    expect(services?.mcpServers.get(server.id).config.env).toEqual({ OPENAI_API_KEY: SECRET });
    expect(await keysOf(caller, server.id)).toContain('OPENAI_API_KEY');
  }, 30_000);

  it('refuses a copied name that is not set, naming it, and stores nothing', async () => {
    const caller = setup();
    const error = await caller.mcp.add({ name: 'env-missing', ...envKeysServer, copyEnv: ['OPENAI_API_KEY', 'ELFTIA_TEST_NOT_SET'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(appErrorData(error as TRPCError)).toEqual({
      code: 'VALIDATION',
      fieldErrors: [{ field: 'copyEnv.1', code: 'envNotSet', params: { name: 'ELFTIA_TEST_NOT_SET' } }],
    });
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('refuses names that every JavaScript object answers to (constructor, __proto__, toString) as not set, and stores nothing', async () => {
    const caller = setup();
    const copyEnv = ['constructor', '__proto__', 'toString'];
    const error = await caller.mcp.add({ name: 'env-proto', ...envKeysServer, copyEnv }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(appErrorData(error as TRPCError)).toEqual({
      code: 'VALIDATION',
      fieldErrors: copyEnv.map((name, index) => ({ field: `copyEnv.${index}`, code: 'envNotSet', params: { name } })),
    });
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('is also what its package download runs with', async () => {
    const dir = tempDir();
    const npx = path.join(dir, 'npx');
    writeFileSync(npx, readFileSync(fixture('fake-npx.sh')), { mode: 0o755 });
    const names = path.join(dir, 'env-names.txt');
    const caller = setup();
    const server = await caller.mcp.add({
      name: 'download',
      type: 'stdio',
      command: npx,
      args: ['-y', '@example/env-probe@1.0.0'],
      env: {
        FAKE_NPX_RECORD: path.join(dir, 'calls.txt'),
        FAKE_NPX_PIDS: path.join(dir, 'pids.txt'),
        FAKE_NPX_SECONDS: '0',
        FAKE_NPX_ENV_NAMES: names,
        FAKE_NODE: process.execPath,
        FAKE_SERVER: fixture('proc-echo-server.mjs'),
      },
    });
    await services!.mcp.connect(server.id);
    const calls = readFileSync(path.join(dir, 'calls.txt'), 'utf8');
    expect(calls).toContain('--yes --package=@example/env-probe@1.0.0');
    expect(existsSync(names)).toBe(true);
    const seen = readFileSync(names, 'utf8').split('\n');
    expect(seen).toEqual(expect.arrayContaining(['PATH', 'HOME', 'FAKE_NPX_ENV_NAMES', TREE_MARKER_ENV]));
    expect(seen).not.toContain('OPENAI_API_KEY');
  }, 30_000);
});
