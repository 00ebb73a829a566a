/**
 * Names the user gives, through the real router, services and SQLite file: control and invisible
 * characters are refused, and a name that looks like an existing one (a Cyrillic і, full-width
 * letters, a zero-width space) is refused naming the existing server or provider. Stored keys of an
 * older database are recomputed by its migration.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { appErrorData } from '../../app/main/routers/trpc';
import { hasHiddenCharacters, nameKey } from '../../app/shared/contracts/names';
import { openApp, rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

function setup(dataDir = tempDir()) {
  return openApp({ dataDir });
}

/** `github` with a Cyrillic і (U+0456). */
const CYRILLIC = 'g\u0456thub';
const FULL_WIDTH = 'ｇｉｔｈｕｂ';
const HIDDEN: [string, string][] = [
  ['a newline', 'git\nhub'],
  ['ESC[2J', 'git\u001b[2Jhub'],
  ['NUL', 'git\u0000hub'],
  ['a right-to-left override', '\u202Ebuhtig'],
  ['a zero-width space', 'git\u200Bhub'],
  ['a BOM inside', 'git\uFEFFhub'],
  ['a Hangul filler', 'git\u3164hub'],
  ['a line separator', 'git\u2028hub'],
  ['a C1 control', 'git\u009bhub'],
];

describe('names: characters', () => {
  it.each(HIDDEN)('finds %s', (_what, name) => {
    expect(hasHiddenCharacters(name)).toBe(true);
  });

  it.each(['GitHub', 'my server 2', '文件服务器', 'ファイル', 'Café', '👩‍💻 dev', '❤️ tools', 'a-b_c.d'])('accepts %s', (name) => {
    expect(hasHiddenCharacters(name)).toBe(false);
  });

  it('accepts a zero-width joiner only inside an emoji sequence', () => {
    expect(hasHiddenCharacters('a\u200Db')).toBe(true);
    expect(hasHiddenCharacters('\u200D👩')).toBe(true);
  });
});

describe('names: look-alike keys', () => {
  it.each([
    ['a Cyrillic і', CYRILLIC],
    ['full-width letters', FULL_WIDTH],
    ['another case', 'GitHub'],
    ['a zero-width space', 'git\u200Bhub'],
    ['a soft hyphen', 'git\u00ADhub'],
    ['Greek and Cyrillic capitals', 'GΙΤΗUΒ'],
    ['surrounding and doubled spaces', '  github '],
  ])('%s is the same key as github', (_what, name) => {
    expect(nameKey(name)).toBe(nameKey('github'));
  });

  it('folds ß like full case folding', () => {
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
  });

  it.each([
    ['github', 'gitlab'],
    ['文件', '文档'],
    ['がっこう', 'かっこう'],
    ['server a', 'server b'],
  ])('%s and %s stay different', (a, b) => {
    expect(nameKey(a)).not.toBe(nameKey(b));
  });
});

describe('server names through the router', () => {
  const stdio = (name: string) => ({ name, type: 'stdio' as const, command: 'node' });

  it.each(HIDDEN)('refuses a name with %s and stores nothing', async (_what, name) => {
    const { caller } = setup();
    const error = await rejection(caller.mcp.add(stdio(name)));
    expect(appErrorData(error)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'invalidCharacters' }] });
    expect(await caller.mcp.list()).toEqual([]);
  });

  it.each([
    ['a Cyrillic і', CYRILLIC],
    ['full-width letters', FULL_WIDTH],
  ])('refuses a look-alike with %s, naming the existing server', async (_what, name) => {
    const { caller } = setup();
    await caller.mcp.add(stdio('github'));
    const error = await rejection(caller.mcp.add(stdio(name)));
    expect(appErrorData(error)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'confusable', params: { name: 'github' } }] });
    const other = await caller.mcp.add(stdio('other'));
    const rename = await rejection(caller.mcp.update({ id: other.id, ...stdio(name) }));
    expect(appErrorData(rename).fieldErrors).toEqual([{ field: 'name', code: 'confusable', params: { name: 'github' } }]);
    expect((await caller.mcp.list()).map((server) => server.name)).toEqual(['github', 'other']);
  });

  it('lets a server keep a look-alike of its own name', async () => {
    const { caller } = setup();
    const server = await caller.mcp.add(stdio('github'));
    expect((await caller.mcp.update({ id: server.id, ...stdio(FULL_WIDTH) })).name).toBe(FULL_WIDTH);
  });

  it('finds a server by a look-alike of its name (the CLI addresses servers by name)', async () => {
    const { services } = setup();
    const server = services.mcpServers.add({ ...stdio('github'), args: [], env: {}, watchPaths: [], timeoutSec: 60, enabled: true });
    expect(services.mcpServers.getByName(FULL_WIDTH).id).toBe(server.id);
  });
});

describe('provider names through the router', () => {
  const provider = (name: string) => ({ name, kind: 'openai' as const, models: ['gpt-4o-mini'] });

  it('refuses control characters and look-alikes, naming the existing provider', async () => {
    const { caller } = setup();
    const bad = await rejection(caller.providers.add(provider('Open\u202EAI')));
    expect(appErrorData(bad).fieldErrors).toEqual([{ field: 'name', code: 'invalidCharacters' }]);
    await caller.providers.add(provider('OpenAI'));
    // Cyrillic О and А, Greek Ι.
    const alike = await rejection(caller.providers.add(provider('\u041Epen\u0410\u0399')));
    expect(appErrorData(alike).fieldErrors).toEqual([{ field: 'name', code: 'confusable', params: { name: 'OpenAI' } }]);
    expect((await caller.providers.list()).map((p) => p.name)).toEqual(['OpenAI']);
  });
});

describe('migration 0007: name keys', () => {
  it('recomputes the keys of an older database; of two look-alikes the older keeps the key', async () => {
    const dataDir = tempDir();
    const old = openDatabase(path.join(dataDir, DATABASE_FILE), MIGRATIONS.slice(0, 6));
    const sealed = new FileKeySecretStore(dataDir).seal(JSON.stringify({ env: {} }));
    const insert = old.prepare<[string, string, string, string, string, string]>(
      "INSERT INTO mcp_servers (id, name, name_key, type, command, sealed_secrets, timeout_sec, enabled, created_at, updated_at) VALUES (?, ?, ?, 'stdio', 'node', ?, 60, 1, ?, ?)",
    );
    // Keys as the previous rule made them (trimmed, lower-cased): all three differ.
    for (const [id, name, day] of [['a', 'github', '01'], ['b', CYRILLIC, '02'], ['c', FULL_WIDTH, '03']] as const) {
      insert.run(id, name, name.toLowerCase(), sealed, `2024-01-${day}`, `2024-01-${day}`);
    }
    old.close();

    const { services, caller } = setup(dataDir);
    const keys = services.db.prepare<[], { id: string; name_key: string }>('SELECT id, name_key FROM mcp_servers ORDER BY id').all();
    expect(keys).toEqual([
      { id: 'a', name_key: 'github' },
      { id: 'b', name_key: 'github#b' },
      { id: 'c', name_key: 'github#c' },
    ]);
    expect((await caller.mcp.list()).map((server) => server.name)).toEqual(['github', CYRILLIC, FULL_WIDTH]);
    expect(services.mcpServers.getByName('GitHub').id).toBe('a');
    const error = await rejection(caller.mcp.add({ name: 'GITHUB', type: 'stdio', command: 'node' }));
    expect(appErrorData(error).fieldErrors).toEqual([{ field: 'name', code: 'duplicate', params: { name: 'github' } }]);
  });
});
