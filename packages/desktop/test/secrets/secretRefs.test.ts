/**
 * `${env:NAME}` and `${input:id}` references in a server's env values, headers, arguments and URL: filled
 * in by main right before the server starts, never stored or logged in plain text. Real composition
 * root, SQLite file, stdio fixture process and HTTP server on 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { fixture, type RunningServer, startNetworkServer, waitFor } from '../mcp/helpers';
import { tempDir } from '../support/tempDir';

const ENV_NAME = 'ELFTIA_REFS_TEST_TOKEN';
const ENV_VALUE = 'env-value-7f3a9c21';
const INPUT_VALUE = 'input-secret-5d1e8b44';

const opened: AppServices[] = [];
let network: RunningServer | undefined;
beforeEach(() => {
  process.env[ENV_NAME] = ENV_VALUE;
});
afterEach(async () => {
  delete process.env[ENV_NAME];
  for (const services of opened.splice(0)) await services.dispose();
  await network?.stop();
  network = undefined;
});

function open(dataDir = tempDir('refs-'), autoConnectMcp = false) {
  const services = createAppServices({ dataDir, autoConnectMcp, builtinServers: false });
  opened.push(services);
  return { dataDir, services, caller: createAppCaller({ services }) };
}

/** The whoami fixture showing REF_TOKEN and REF_PASS, which come from references. */
function whoami(env: Record<string, string>, args: string[] = []) {
  return { name: 'Refs', type: 'stdio' as const, command: process.execPath, args: [fixture('whoami-server.mjs'), ...args], env: { MCP_FIXTURE_SHOW: 'REF_TOKEN,REF_PASS', ...env } };
}

async function seen(caller: ReturnType<typeof createAppCaller>, id: string): Promise<{ args: string[]; env: Record<string, unknown> }> {
  const result = await caller.mcp.callTool({ id, tool: 'whoami', arguments: {} });
  return JSON.parse((result.content as { text: string }[])[0]?.text ?? '{}') as { args: string[]; env: Record<string, unknown> };
}

async function failure(work: Promise<unknown>): Promise<ReturnType<typeof appErrorData>> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return appErrorData(error as TRPCError);
}

/** Every file under `dir` (SQLite's database, WAL and key file included), read as bytes. */
function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(needle)) hits.push(file);
  }
  return hits;
}

describe('secret references', () => {
  it('fill env values and arguments from the environment and from a stored input', async () => {
    const { dataDir, services, caller } = open();
    const added = await caller.mcp.add(whoami({ REF_TOKEN: `\${env:${ENV_NAME}}`, REF_PASS: 'pw-${input:db-pass}' }, ['--pass=${input:db-pass}']));
    // Listed as written: a reference holds no secret, so the form can show it.
    expect(added.config.env).toMatchObject({ REF_TOKEN: `\${env:${ENV_NAME}}`, REF_PASS: '••••' });

    const missing = await failure(caller.mcp.callTool({ id: added.id, tool: 'whoami', arguments: {} }));
    expect(missing).toMatchObject({ code: 'INPUT_REQUIRED', params: { server: 'Refs', input: 'db-pass', description: '', password: 1, field: 'env.REF_PASS' } });
    // Nothing was started: the fixture prints "whoami starting" to stderr first thing.
    expect(JSON.stringify(await caller.mcp.logs({ id: added.id }))).not.toContain('whoami starting');
    expect((await caller.mcp.get({ id: added.id })).connection?.lastError?.code).toBe('INPUT_REQUIRED');
    expect(await caller.mcp.inputs()).toEqual([{ id: 'db-pass', description: '', password: true, set: false, servers: ['Refs'] }]);

    await caller.mcp.setInput({ id: 'db-pass', value: INPUT_VALUE });
    expect(await seen(caller, added.id)).toEqual({ args: [`--pass=${INPUT_VALUE}`], env: { REF_TOKEN: ENV_VALUE, REF_PASS: `pw-${INPUT_VALUE}` } });
    expect((await caller.mcp.inputs())[0]).toMatchObject({ id: 'db-pass', set: true });

    // The fixture echoes its env and arguments to stderr: the log hides what the references became.
    const logs = JSON.stringify(await caller.mcp.logs({ id: added.id }));
    expect(logs).toContain('whoami starting');
    expect(logs).not.toContain(INPUT_VALUE);
    expect(logs).not.toContain(ENV_VALUE);
    expect(JSON.stringify(await caller.mcp.list())).not.toContain(INPUT_VALUE);

    await services.dispose();
    opened.splice(opened.indexOf(services), 1);
    expect(filesContaining(dataDir, INPUT_VALUE)).toEqual([]);
    expect(filesContaining(dataDir, 'db-pass').length).toBeGreaterThan(0);
  });

  it('a value is filled in once: an environment value that looks like a reference reaches the server as written', async () => {
    process.env[ENV_NAME] = '${input:db-pass}';
    const { caller } = open();
    const added = await caller.mcp.add(whoami({ REF_TOKEN: `\${env:${ENV_NAME}}` }));
    expect((await seen(caller, added.id)).env.REF_TOKEN).toBe('${input:db-pass}');
  });

  it('a variable the environment does not set fails the start naming it and the field; nothing runs', async () => {
    const { caller } = open();
    const added = await caller.mcp.add(whoami({ REF_TOKEN: '${env:ELFTIA_REFS_TEST_UNSET}' }));
    const error = await failure(caller.mcp.callTool({ id: added.id, tool: 'whoami', arguments: {} }));
    expect(error).toMatchObject({ code: 'ENV_REF_MISSING', params: { server: 'Refs', name: 'ELFTIA_REFS_TEST_UNSET', field: 'env.REF_TOKEN' } });
    expect(JSON.stringify(await caller.mcp.logs({ id: added.id }))).not.toContain('whoami starting');
  });

  it('a server waiting for an input connects once the value is entered; clearing it stops the next start', async () => {
    const { services, caller } = open(undefined, true);
    await services.start();
    const added = await caller.mcp.add(whoami({ REF_PASS: '${input:db-pass}' }));
    await waitFor(async () => (await caller.mcp.get({ id: added.id })).connection?.lastError?.code === 'INPUT_REQUIRED', 10_000, 'INPUT_REQUIRED');

    await caller.mcp.setInput({ id: 'db-pass', value: INPUT_VALUE });
    await waitFor(async () => (await caller.mcp.get({ id: added.id })).status === 'connected', 10_000, 'connected after setInput');
    expect((await seen(caller, added.id)).env.REF_PASS).toBe(INPUT_VALUE);

    expect(await caller.mcp.clearInput({ id: 'db-pass' })).toEqual({ cleared: true });
    await waitFor(async () => (await caller.mcp.get({ id: added.id })).connection?.lastError?.code === 'INPUT_REQUIRED', 10_000, 'INPUT_REQUIRED after clearInput');
  });

  it('a declared input keeps its description and password flag', async () => {
    const { services, caller } = open();
    services.secretInputs.declare([{ id: 'api-url', description: 'Your API address', password: false }]);
    const added = await caller.mcp.add(whoami({ REF_PASS: '${input:api-url}' }));
    const error = await failure(caller.mcp.callTool({ id: added.id, tool: 'whoami', arguments: {} }));
    expect(error.params).toMatchObject({ input: 'api-url', description: 'Your API address', password: 0 });

    // A short value under a name that does not look secret is still hidden: it came from a reference.
    await caller.mcp.setInput({ id: 'api-url', value: 'u7q' });
    expect((await seen(caller, added.id)).env.REF_PASS).toBe('u7q');
    expect(JSON.stringify(await caller.mcp.logs({ id: added.id }))).not.toMatch(/\bu7q\b/);
  });

  it('fill the headers a real HTTP server receives', async () => {
    network = await startNetworkServer([fixture('mcp-http-server.mjs'), 'http']);
    const { caller } = open();
    const added = await caller.mcp.add({ name: 'Remote', type: 'http', url: `http://127.0.0.1:${network.port}/mcp`, headers: { Authorization: 'Bearer ${input:api-token}', 'X-Custom': `\${env:${ENV_NAME}}` } });
    expect(added.config.headers).toEqual({ Authorization: 'Bearer ${input:api-token}', 'X-Custom': `\${env:${ENV_NAME}}` });
    expect((await failure(caller.mcp.callTool({ id: added.id, tool: 'get-headers', arguments: {} }))).code).toBe('INPUT_REQUIRED');

    await caller.mcp.setInput({ id: 'api-token', value: INPUT_VALUE });
    const result = await caller.mcp.callTool({ id: added.id, tool: 'get-headers', arguments: {} });
    expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '{}')).toEqual({ authorization: `Bearer ${INPUT_VALUE}`, 'x-custom': ENV_VALUE });
  });

  it('fill a key in the URL a real HTTP server receives, encoded as one piece, and keep it out of the files and the log', async () => {
    const key = `${INPUT_VALUE}/?&`;
    network = await startNetworkServer([fixture('modern-http-server.mjs')], { MCP_FIXTURE_PATH: `/mcp/${encodeURIComponent(key)}` });
    const { dataDir, services, caller } = open();
    const url = `http://127.0.0.1:${network.port}/mcp/\${input:url-key}`;
    const added = await caller.mcp.add({ name: 'Keyed', type: 'http', url, headers: {} });
    expect(added.config.url).toBe(url);
    expect(await failure(caller.mcp.tools({ id: added.id }))).toMatchObject({ code: 'INPUT_REQUIRED', params: { input: 'url-key', field: 'url' } });
    expect(await caller.mcp.inputs()).toEqual([expect.objectContaining({ id: 'url-key', servers: ['Keyed'] })]);

    await caller.mcp.setInput({ id: 'url-key', value: key });
    await services.mcp.connect(added.id);
    expect((await caller.mcp.get({ id: added.id })).status).toBe('connected');
    const shown = JSON.stringify([await caller.mcp.list(), await caller.mcp.logs({ id: added.id })]);
    expect(shown).not.toContain(INPUT_VALUE);

    await services.dispose();
    opened.splice(opened.indexOf(services), 1);
    expect(filesContaining(dataDir, INPUT_VALUE)).toEqual([]);
  });

  it('an unknown placeholder fails the save naming the field', async () => {
    const { caller } = open();
    const bad = await failure(caller.mcp.add(whoami({ REF_TOKEN: '${foo:x}', REF_PASS: '${env:}' })));
    expect(bad.fieldErrors).toEqual([
      { field: 'env.REF_TOKEN', code: 'invalidSecretRef' },
      { field: 'env.REF_PASS', code: 'invalidSecretRef' },
    ]);
  });
});
