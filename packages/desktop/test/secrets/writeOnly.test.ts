/**
 * Secrets outside the env and header fields — a `?api_key=` in a URL, a `--token` argument — and the
 * env and header values themselves are write-only: listed masked by the router, the CLI and the
 * logs, sealed on disk, kept by an edit that sends the mask back, and still sent to the server.
 * Real composition root, SQLite file, stdio server process and HTTP server on 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { toInput } from '../../app/shared/contracts/mcp-types';
import { SECRET_SET } from '../../app/shared/contracts/secrets';
import { runInProcess } from '../cli/inProcess';
import { fixture } from '../mcp/helpers';
import { type RecordingHttpMcp, startRecordingHttpMcp } from '../support/recordingHttpMcp';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

const SECRETS = ['ak-Secret1x', 'tk-Secret2x', 'env-Secret3x', 'q-Secret4x', 'h-Secret5x'];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(dataDir = tempDir('write-only-')) {
  const services = createAppServices({ dataDir });
  cleanups.push(() => services.dispose());
  return { services, caller: createAppCaller({ services }), dataDir };
}

async function recordingServer(): Promise<RecordingHttpMcp> {
  const server = await startRecordingHttpMcp();
  cleanups.push(() => server.close());
  return server;
}

function expectNoSecret(text: string, what: string): void {
  for (const secret of SECRETS) expect(text, `${what} shows ${secret}`).not.toContain(secret);
}

const stdioServer = () => ({
  name: 'whoami',
  type: 'stdio' as const,
  command: process.execPath,
  args: [fixture('whoami-server.mjs'), '--api-key=ak-Secret1x', '--token', 'tk-Secret2x', 'plain'],
  env: { MY_TOKEN: 'env-Secret3x', MCP_FIXTURE_SHOW: 'MY_TOKEN' },
});

const httpServer = (origin: string) => ({
  name: 'remote',
  type: 'http' as const,
  url: `${origin}/mcp?api_key=q-Secret4x&mode=x`,
  headers: { Authorization: 'Bearer h-Secret5x' },
});

async function whoami(caller: ReturnType<typeof createAppCaller>, id: string): Promise<{ args: string[]; env: Record<string, string> }> {
  const result = await caller.mcp.callTool({ id, tool: 'whoami', arguments: {} });
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[0]?.text ?? '{}') as { args: string[]; env: Record<string, string> };
}

describe('write-only secrets', () => {
  it('are listed masked by the router and the CLI, never on disk in clear, and still reach the server', async () => {
    const http = await recordingServer();
    const { services, caller, dataDir } = setup();
    const local = await caller.mcp.add(stdioServer());
    const remote = await caller.mcp.add(httpServer(http.origin));

    expect(local.config.args?.slice(1)).toEqual([`--api-key=${SECRET_SET}`, '--token', SECRET_SET, 'plain']);
    expect(local.config.env).toEqual({ MY_TOKEN: SECRET_SET, MCP_FIXTURE_SHOW: SECRET_SET });
    expect(remote.config).toEqual({ url: `${http.origin}/mcp?api_key=${SECRET_SET}&mode=x`, headers: { Authorization: SECRET_SET } });
    expectNoSecret(JSON.stringify([await caller.mcp.list(), await caller.mcp.get({ id: local.id }), await caller.mcp.get({ id: remote.id })]), 'the router');

    for (const args of [['mcp', 'list'], ['mcp', 'list', '--json']]) {
      const cli = await runInProcess([...args, '--data-dir', dataDir]);
      expect(cli.code, cli.stderr).toBe(0);
      expect(cli.stdout).toContain(`--api-key=${SECRET_SET}`);
      expectNoSecret(cli.stdout, `elftia ${args.join(' ')}`);
    }

    services.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of fs.readdirSync(dataDir)) expectNoSecret(fs.readFileSync(path.join(dataDir, file)).toString('latin1'), file);

    expect(await whoami(caller, local.id)).toEqual({ args: ['--api-key=ak-Secret1x', '--token', 'tk-Secret2x', 'plain'], env: { MY_TOKEN: 'env-Secret3x' } });
    await services.mcp.connect(remote.id);
    expect(http.requests.length).toBeGreaterThan(0);
    for (const request of http.requests) expect(request).toEqual({ url: '/mcp?api_key=q-Secret4x&mode=x', authorization: 'Bearer h-Secret5x' });

    // The server printed its own arguments and env to stderr; its log, and the app's, show neither.
    const logs = [...(await caller.mcp.logs({ id: local.id })), ...(await caller.mcp.logs({ id: remote.id }))];
    expect(logs.some((entry) => entry.text.startsWith('whoami starting:'))).toBe(true);
    expect(logs.map((entry) => entry.text)).toContain(`connecting: http ${http.origin}/mcp?api_key=***&mode=x`);
    expectNoSecret(JSON.stringify(logs), 'the logs');
  });

  it('are kept by an edit that sends the listed server back, and replaced when a new value is typed', async () => {
    const http = await recordingServer();
    const { services, caller } = setup();
    const local = await caller.mcp.add(stdioServer());
    const remote = await caller.mcp.add(httpServer(http.origin));

    // The edit form's round trip: the listed (masked) server, changed elsewhere.
    const listed = await caller.mcp.get({ id: local.id });
    const edited = toInput(listed);
    if (edited.type !== 'stdio') throw new Error('stdio expected');
    const [script = '', ...rest] = edited.args ?? [];
    await caller.mcp.update({ id: local.id, ...edited, name: 'whoami renamed', args: [script, '--extra', ...rest] });
    expect(services.mcpServers.get(local.id).config).toMatchObject({
      args: [fixture('whoami-server.mjs'), '--extra', '--api-key=ak-Secret1x', '--token', 'tk-Secret2x', 'plain'],
      env: { MY_TOKEN: 'env-Secret3x', MCP_FIXTURE_SHOW: 'MY_TOKEN' },
    });
    expect((await whoami(caller, local.id)).env).toEqual({ MY_TOKEN: 'env-Secret3x' });

    await caller.mcp.update({ id: local.id, ...edited, env: { ...edited.env, MY_TOKEN: 'typed-new-value' } });
    expect(services.mcpServers.get(local.id).config.env).toEqual({ MY_TOKEN: 'typed-new-value', MCP_FIXTURE_SHOW: 'MY_TOKEN' });

    const remoteInput = toInput(await caller.mcp.get({ id: remote.id }));
    await caller.mcp.update({ id: remote.id, ...remoteInput, timeoutSec: 30 });
    expect(services.mcpServers.get(remote.id).config).toEqual({ url: `${http.origin}/mcp?api_key=q-Secret4x&mode=x`, headers: { Authorization: 'Bearer h-Secret5x' } });
    await services.mcp.connect(remote.id);
    expect(http.requests.at(-1)).toEqual({ url: '/mcp?api_key=q-Secret4x&mode=x', authorization: 'Bearer h-Secret5x' });
  });

  it('cannot be kept where nothing is stored, where the rest of the value changed, or for a new address', async () => {
    const http = await recordingServer();
    const { services, caller } = setup();
    const remote = await caller.mcp.add(httpServer(http.origin));
    const input = toInput(await caller.mcp.get({ id: remote.id }));
    if (input.type === 'stdio') throw new Error('http expected');

    const added = await rejection(caller.mcp.add({ ...stdioServer(), name: 'copy', env: { MY_TOKEN: SECRET_SET }, args: ['--token', SECRET_SET] }));
    expect(appErrorData(added)).toEqual({
      code: 'VALIDATION',
      fieldErrors: [
        { field: 'env.MY_TOKEN', code: 'secretNotKept' },
        { field: 'args.1', code: 'secretNotKept' },
      ],
    });

    const newAddress = await rejection(caller.mcp.update({ id: remote.id, ...input, url: 'https://elsewhere.example.com/mcp' }));
    expect(appErrorData(newAddress).fieldErrors).toEqual([{ field: 'headers.Authorization', code: 'reenterForNewAddress' }]);

    const otherPath = await rejection(caller.mcp.update({ id: remote.id, ...input, url: input.url.replace('/mcp?', '/v2/mcp?') }));
    expect(appErrorData(otherPath).fieldErrors).toEqual([{ field: 'url', code: 'secretNotKept' }]);

    const renamedHeader = await rejection(caller.mcp.update({ id: remote.id, ...input, headers: { 'X-Api-Key': SECRET_SET } }));
    expect(appErrorData(renamedHeader).fieldErrors).toEqual([{ field: 'headers.X-Api-Key', code: 'secretNotKept' }]);

    // Nothing was stored half-way; a new address with the secret typed again is fine.
    expect(services.mcpServers.get(remote.id).config).toEqual({ url: `${http.origin}/mcp?api_key=q-Secret4x&mode=x`, headers: { Authorization: 'Bearer h-Secret5x' } });
    await caller.mcp.update({ id: remote.id, ...input, url: 'https://elsewhere.example.com/mcp', headers: { Authorization: 'Bearer typed-again' } });
    expect(services.mcpServers.get(remote.id).config).toEqual({ url: 'https://elsewhere.example.com/mcp', headers: { Authorization: 'Bearer typed-again' } });
  });
});
