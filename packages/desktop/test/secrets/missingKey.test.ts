/**
 * A data dir whose `secret.key` is lost (or replaced) while secrets sealed with it are stored,
 * through the real composition root, router, SQLite file and CLI: no new key is made behind the
 * user's back, the list still works with the unreadable server marked, nothing is committed by a
 * failing add, and `elftia secrets reset` is the way out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { toAppErrorData } from '../../app/main/host/messages';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { FileKeySecretStore, SECRET_KEY_FILE } from '../../app/main/secrets/FileKeySecretStore';
import { SecretStoreError } from '../../app/main/db/SecretStore';
import { runInProcess } from '../cli/inProcess';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

function open(dataDir: string) {
  const services = createAppServices({ dataDir });
  opened.push(services);
  return { services, caller: createAppCaller({ services }) };
}

async function close(services: AppServices): Promise<void> {
  opened.splice(opened.indexOf(services), 1);
  await services.dispose();
}

const GITHUB = { name: 'github', type: 'stdio' as const, command: process.execPath, args: ['server.js'], env: { GITHUB_TOKEN: 'ghp-secret-value-1' } };
const FETCH = { name: 'fetch', type: 'stdio' as const, command: process.execPath, args: ['fetch.js'], env: { MODE: 'fast' } };

/** A data dir holding one server with a sealed env value and one provider key, then its key file removed. */
async function dataDirWithLostKey(): Promise<string> {
  const dataDir = tempDir('lost-key-');
  const { services, caller } = open(dataDir);
  await caller.mcp.add(GITHUB);
  await caller.providers.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-live-lost-key-provider', models: ['m'] });
  await close(services);
  fs.rmSync(path.join(dataDir, SECRET_KEY_FILE));
  return dataDir;
}

describe('FileKeySecretStore without its key file', () => {
  it('refuses to make a new key while values sealed with the old one exist, naming the file', () => {
    const dir = tempDir();
    const sealed = new FileKeySecretStore(dir, { sealedValuesExist: () => false }).seal('token');
    fs.rmSync(path.join(dir, SECRET_KEY_FILE));
    const store = new FileKeySecretStore(dir, { sealedValuesExist: () => true });

    for (const attempt of [() => store.seal('new'), () => store.open(sealed)]) {
      const error = (() => {
        try {
          attempt();
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(SecretStoreError);
      expect((error as SecretStoreError).toData()).toEqual({ code: 'SECRET_KEY_MISSING', params: { path: path.join(dir, SECRET_KEY_FILE) } });
    }
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
  });

  it('makes a key on the first seal when nothing sealed is stored, and not before', () => {
    const dir = tempDir();
    const store = new FileKeySecretStore(dir, { sealedValuesExist: () => false });
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
    expect(store.open(store.seal('x'))).toBe('x');
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(true);
  });
});

describe('a data dir whose key file was lost', () => {
  it('lists its servers, the unreadable one marked; an add fails with SECRET_KEY_MISSING and stores nothing', async () => {
    const dataDir = await dataDirWithLostKey();
    const { services, caller } = open(dataDir);

    const listed = await caller.mcp.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'github', secretsUnreadable: true, config: { command: process.execPath, args: ['server.js'], env: {} } });

    const refused = await rejection(caller.mcp.add(FETCH));
    expect(refused.code).toBe('PRECONDITION_FAILED');
    expect(appErrorData(refused)).toEqual({ code: 'SECRET_KEY_MISSING', params: { path: path.join(dataDir, SECRET_KEY_FILE) } });
    expect(toAppErrorData(refused)).toEqual(appErrorData(refused));
    expect((await caller.mcp.list()).map((s) => s.name)).toEqual(['github']);
    expect(fs.existsSync(path.join(dataDir, SECRET_KEY_FILE))).toBe(false);

    const test = await rejection(caller.providers.test({ id: (await caller.providers.list())[0]!.id }));
    expect(appErrorData(test).code).toBe('SECRET_KEY_MISSING');

    // The unreadable server is not started without its secrets.
    const connect = await services.mcp.connect(listed[0]!.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(connect).toMatchObject({ code: 'SECRETS_UNREADABLE', params: { server: 'github' } });
    expect((await caller.mcp.get({ id: listed[0]!.id })).connection?.lastError).toEqual({ code: 'SECRETS_UNREADABLE', params: { server: 'github' } });
  });

  it('`elftia secrets reset` lists what cannot be read, forgets it with --yes, and adding works again', async () => {
    const dataDir = await dataDirWithLostKey();

    const dry = await runInProcess(['secrets', 'reset', '--data-dir', dataDir]);
    expect(dry.code, dry.stderr).toBe(1);
    expect(dry.stdout).toContain('2 stored secret(s) cannot be read');
    expect(dry.stdout).toContain('MCP server “github”');
    expect(dry.stdout).toContain('provider “OpenAI”');
    const refused = await runInProcess(['mcp', 'add', 'fetch', '--transport', 'stdio', '--command', 'node', '--env', 'MODE=fast', '--data-dir', dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The key file ${path.join(dataDir, SECRET_KEY_FILE)} is missing`);
    expect(refused.stderr).toContain('elftia secrets reset');

    const reset = await runInProcess(['secrets', 'reset', '--yes', '--json', '--data-dir', dataDir]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(JSON.parse(reset.stdout)).toEqual({ servers: ['github'], providers: ['OpenAI'], inputs: [], cleared: true });

    const added = await runInProcess(['mcp', 'add', 'fetch', '--transport', 'stdio', '--command', 'node', '--env', 'MODE=fast', '--data-dir', dataDir]);
    expect(added.code, added.stderr).toBe(0);
    const list = await runInProcess(['mcp', 'list', '--data-dir', dataDir]);
    expect(list.stdout).toMatch(/github .*\[secrets unreadable: edit the server and enter them again\]/);
    expect(list.stdout).not.toMatch(/fetch .*secrets unreadable/);

    const { caller } = open(dataDir);
    expect((await caller.providers.list())[0]).toMatchObject({ name: 'OpenAI', hasApiKey: false });
    const again = await runInProcess(['secrets', 'reset', '--data-dir', dataDir]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing to reset');
  });

  it('an `${input:}` value sealed with the lost key is listed and forgotten too, then asked for again', async () => {
    const dataDir = tempDir('lost-key-input-');
    const { services, caller } = open(dataDir);
    const server = await caller.mcp.add({ ...FETCH, env: { TOKEN: '${input:fetch-token}' } });
    await caller.mcp.setInput({ id: 'fetch-token', value: 'input-sealed-with-lost-key' });
    await close(services);
    fs.rmSync(path.join(dataDir, SECRET_KEY_FILE));

    const refused = await runInProcess(['mcp', 'add', 'other', '--transport', 'stdio', '--command', 'node', '--env', 'MODE=fast', '--data-dir', dataDir]);
    expect(refused.code).toBe(1);
    const dry = await runInProcess(['secrets', 'reset', '--data-dir', dataDir]);
    expect(dry.code, dry.stderr).toBe(1);
    expect(dry.stdout).toContain('secret input “fetch-token” (the value of ${input:fetch-token})');
    const reset = await runInProcess(['secrets', 'reset', '--yes', '--json', '--data-dir', dataDir]);
    // The server's env is sealed too (every env value is, references included): both are forgotten.
    expect(JSON.parse(reset.stdout)).toEqual({ servers: ['fetch'], providers: [], inputs: ['fetch-token'], cleared: true });

    const reopened = open(dataDir);
    expect(await reopened.caller.mcp.inputs()).toEqual([{ id: 'fetch-token', description: '', password: true, set: false, servers: [] }]);
    expect(reopened.services.secretInputs.value('fetch-token')).toBeUndefined();
    // A new key can be made now: entering the value again works.
    await reopened.caller.mcp.update({ id: server.id, ...FETCH, env: { TOKEN: '${input:fetch-token}' } });
    await reopened.caller.mcp.setInput({ id: 'fetch-token', value: 'entered-again' });
    expect(reopened.services.secretInputs.value('fetch-token')).toBe('entered-again');
  });

  it('with a different key in its place, lists the old server as unreadable and an add succeeds without failing after its commit', async () => {
    const dataDir = await dataDirWithLostKey();
    fs.writeFileSync(path.join(dataDir, SECRET_KEY_FILE), Buffer.alloc(32, 7), { mode: 0o600 });
    const { caller } = open(dataDir);

    const added = await caller.mcp.add(FETCH);
    expect(added).toMatchObject({ name: 'fetch', config: { env: { MODE: expect.any(String) } } });
    expect(added.secretsUnreadable).toBeUndefined();
    const listed = await caller.mcp.list();
    expect(listed.map((s) => [s.name, s.secretsUnreadable ?? false])).toEqual([
      ['github', true],
      ['fetch', false],
    ]);
  });
});
