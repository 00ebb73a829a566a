/**
 * Oversized input through the real router, services and SQLite file: a 10 MiB command, argument,
 * env value, URL, API key or mirror is refused with a field error naming the field and its limit,
 * and nothing is stored; the number of servers and providers is capped, so `mcp.list` stays bounded.
 */
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appErrorData } from '../../app/main/routers/trpc';
import {
  API_KEY_MAX_LENGTH,
  ARG_MAX_LENGTH,
  ARGS_MAX_COUNT,
  ARGS_MAX_TOTAL_LENGTH,
  COMMAND_MAX_LENGTH,
  ENV_MAX_ENTRIES,
  ENV_VALUE_MAX_LENGTH,
  MCP_SERVERS_MAX_COUNT,
  MIRROR_URL_MAX_LENGTH,
  PROVIDERS_MAX_COUNT,
  URL_MAX_LENGTH,
} from '../../app/shared/contracts/limits';
import { fieldErrors, openApp } from '../support/appHarness';

const TEN_MIB = 'x'.repeat(10 * 1024 * 1024);

const setup = () => openApp();

const stdio = { name: 'big', type: 'stdio' as const, command: 'node' };

describe('size limits through the router', () => {
  it.each([
    ['command', { ...stdio, command: TEN_MIB }, { field: 'command', code: 'tooLong', params: { max: COMMAND_MAX_LENGTH } }],
    ['one argument', { ...stdio, args: ['ok', TEN_MIB] }, { field: 'args.1', code: 'tooLong', params: { max: ARG_MAX_LENGTH } }],
    ['the argument count', { ...stdio, args: Array.from({ length: ARGS_MAX_COUNT + 1 }, () => 'a') }, { field: 'args', code: 'tooMany', params: { max: ARGS_MAX_COUNT } }],
    ['all arguments together', { ...stdio, args: Array.from({ length: 3 }, () => 'a'.repeat(ARG_MAX_LENGTH)) }, { field: 'args', code: 'tooLarge', params: { max: ARGS_MAX_TOTAL_LENGTH } }],
    ['an env value', { ...stdio, env: { API_KEY: TEN_MIB } }, { field: 'env.API_KEY', code: 'tooLong', params: { max: ENV_VALUE_MAX_LENGTH } }],
    [
      'the env entry count',
      { ...stdio, env: Object.fromEntries(Array.from({ length: ENV_MAX_ENTRIES + 1 }, (_, i) => [`V${i}`, 'x'])) },
      { field: 'env', code: 'tooMany', params: { max: ENV_MAX_ENTRIES } },
    ],
    ['a URL', { name: 'big', type: 'http' as const, url: `https://example.com/${TEN_MIB}` }, { field: 'url', code: 'tooLong', params: { max: URL_MAX_LENGTH } }],
  ])('refuses an oversized %s, naming the field and the limit, and stores nothing', async (_what, input, expected) => {
    const { caller } = setup();
    expect(await fieldErrors(caller.mcp.add(input))).toEqual([expected]);
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('refuses an oversized API key and model list', async () => {
    const { caller } = setup();
    const base = { name: 'p', kind: 'openai' as const, models: ['m'] };
    expect(await fieldErrors(caller.providers.add({ ...base, apiKey: TEN_MIB }))).toEqual([{ field: 'apiKey', code: 'tooLong', params: { max: API_KEY_MAX_LENGTH } }]);
    expect(await fieldErrors(caller.providers.add({ ...base, baseUrl: `https://x.example/${TEN_MIB}` }))).toEqual([
      { field: 'baseUrl', code: 'tooLong', params: { max: URL_MAX_LENGTH } },
    ]);
    expect(await caller.providers.list()).toEqual([]);
  });

  it('refuses a 10 MiB mirror, and ignores one stored before the limit (it made every spawn fail with E2BIG)', async () => {
    const { caller, services } = setup();
    expect(await fieldErrors(caller.settings.setPackageMirrors({ npmRegistry: `https://registry.example/${TEN_MIB}`, pythonIndex: '' }))).toEqual([
      { field: 'npmRegistry', code: 'tooLong', params: { max: MIRROR_URL_MAX_LENGTH } },
    ]);
    services.db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run('packageMirrors', JSON.stringify({ npmRegistry: `https://r.example/${TEN_MIB}`, pythonIndex: '' }));
    expect(await caller.settings.packageMirrors()).toEqual({ npmRegistry: '', pythonIndex: '' });
  });

  it(`keeps at most ${MCP_SERVERS_MAX_COUNT} servers and ${PROVIDERS_MAX_COUNT} providers`, async () => {
    const { caller, services } = setup();
    for (let i = 0; i < MCP_SERVERS_MAX_COUNT; i += 1) services.mcpServers.add({ ...stdio, name: `s${i}`, args: [], env: {}, watchPaths: [], timeoutSec: 60, enabled: true });
    const error = await caller.mcp.add({ ...stdio, name: 'one more' }).catch((e: unknown) => e);
    expect(appErrorData(error as TRPCError)).toEqual({ code: 'TOO_MANY_SERVERS', params: { max: MCP_SERVERS_MAX_COUNT } });
    expect(await caller.mcp.list()).toHaveLength(MCP_SERVERS_MAX_COUNT);

    for (let i = 0; i < PROVIDERS_MAX_COUNT; i += 1) services.providers.add({ name: `p${i}`, kind: 'openai', models: ['m'] });
    const providerError = await caller.providers.add({ name: 'one more', kind: 'openai', models: ['m'] }).catch((e: unknown) => e);
    expect(appErrorData(providerError as TRPCError)).toEqual({ code: 'TOO_MANY_PROVIDERS', params: { max: PROVIDERS_MAX_COUNT } });
  });
});
