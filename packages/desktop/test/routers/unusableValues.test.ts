/**
 * Values that no program or HTTP request can carry, through the real router, services and SQLite
 * file: a NUL in a command, argument, variable or watched path (exec ends the string there, Node
 * refuses it), a header value beyond Latin-1 and an API key with a line break or a look-alike letter
 * (fetch refuses them). Each used to be stored, then failed every connect or request with Node's
 * own English words (and as a "network" error for a provider); now each is a field error, nothing
 * stored. So is a provider address holding a key, which was stored and listed in clear.
 */
import { describe, expect, it } from 'vitest';
import { fieldErrors, openApp } from '../support/appHarness';

const setup = () => openApp();

const stdio = { name: 'srv', type: 'stdio' as const, command: 'node' };
const http = { name: 'remote', type: 'http' as const, url: 'http://127.0.0.1:1/mcp' };

describe('values no program or request can carry', () => {
  it.each([
    ['the command', { ...stdio, command: 'no\0de' }, 'command'],
    ['an argument', { ...stdio, args: ['server.js', '--root=/tmp\0/etc'] }, 'args.1'],
    ['an env value', { ...stdio, env: { TOKEN: 'abc\0def' } }, 'env.TOKEN'],
    ['a watched path', { ...stdio, watchPaths: ['/tmp/a\0b'] }, 'watchPaths.0'],
  ])('a NUL in %s is nulCharacter on that field, nothing stored', async (_what, input, field) => {
    const { caller } = setup();
    expect(await fieldErrors(caller.mcp.add(input))).toEqual([{ field, code: 'nulCharacter' }]);
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('a header value beyond Latin-1 is invalidHeaderValue; Latin-1 itself (é) is kept', async () => {
    const { caller } = setup();
    expect(await fieldErrors(caller.mcp.add({ ...http, headers: { 'X-Team': 'café 中文' } }))).toEqual([{ field: 'headers.X-Team', code: 'invalidHeaderValue' }]);
    expect(await fieldErrors(caller.mcp.add({ ...http, headers: { 'X-Mood': '😀' } }))).toEqual([{ field: 'headers.X-Mood', code: 'invalidHeaderValue' }]);
    expect(await caller.mcp.list()).toEqual([]);
    const kept = await caller.mcp.add({ ...http, headers: { 'X-Team': 'café' } });
    expect(kept.config.headers).toEqual({ 'X-Team': '••••' });
  });

  it.each([
    ['a line break inside', 'sk-abc\ndef'],
    ['a NUL', 'sk-abc\0def'],
    ['a Cyrillic а', 'sk-\u0430bc123'],
    ['a zero-width space', 'sk-abc\u200b123'],
    ['the ellipsis of a key copied as shown', 'sk-abc…'],
    ['a space inside', 'sk-abc 123'],
  ])('a provider key with %s is invalidApiKey, nothing stored', async (_what, apiKey) => {
    const { caller } = setup();
    expect(await fieldErrors(caller.providers.add({ name: 'P', kind: 'openai', apiKey, models: ['m'] }))).toEqual([{ field: 'apiKey', code: 'invalidApiKey' }]);
    expect(await caller.providers.list()).toEqual([]);
  });

  it('a provider key pasted with white space around it is kept without it', async () => {
    const { services, caller } = setup();
    const added = await caller.providers.add({ name: 'P', kind: 'openai', apiKey: '  sk-abc123\n', models: ['m'] });
    expect(services.providers.resolve(added.id).apiKey).toBe('sk-abc123');
  });

  it('a preset key with a line break is invalidApiKey, nothing stored', async () => {
    const { caller } = setup();
    expect(await fieldErrors(caller.mcp.presets.add({ presetId: 'brave-search', apiKey: 'BSA-key\r\nX-Injected: 1' }))).toEqual([{ field: 'apiKey', code: 'invalidApiKey' }]);
    expect(await caller.mcp.list()).toEqual([]);
  });

  it.each([
    ['a password', 'https://me:hunter2@llm.example.org/v1'],
    ['an api_key query parameter', 'https://llm.example.org/v1?api_key=sk-abc123'],
    ['a key query parameter', 'https://llm.example.org/v1?key=AIzaSyAbc'],
  ])('a provider address with %s is secretInUrl (it would be stored and listed as typed), nothing stored', async (_what, baseUrl) => {
    const { caller } = setup();
    expect(await fieldErrors(caller.providers.add({ name: 'P', kind: 'openai-compatible', baseUrl, apiKey: 'sk-x', models: ['m'] }))).toEqual([{ field: 'baseUrl', code: 'secretInUrl' }]);
    expect(await caller.providers.list()).toEqual([]);
  });

  it('a provider address with a query that is not a secret (Azure api-version) is kept as typed', async () => {
    const { caller } = setup();
    const added = await caller.providers.add({ name: 'Azure', kind: 'openai-compatible', baseUrl: 'https://x.openai.azure.com/openai?api-version=2024-10-21', apiKey: 'k', models: ['m'] });
    expect(added.baseUrl).toBe('https://x.openai.azure.com/openai?api-version=2024-10-21');
  });
});
