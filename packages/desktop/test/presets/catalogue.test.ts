/**
 * The official preset catalogue: every entry pinned, complete and translated, and every entry turning
 * into a server input the contract accepts and that the list recognises as that preset (and no other).
 * The registry check itself (does `name@version` exist?) needs the network: `pnpm presets:check`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMcpServerInput, toRecordFields } from '../../app/shared/contracts/mcp-types';
import type { ProviderKind } from '../../app/shared/contracts/providers';
import {
  LINKED_PROVIDERS,
  type LinkedProviderId,
  OFFICIAL_MCP_PRESETS,
  type OfficialMcpPreset,
  PRESET_CATEGORIES,
  type PresetAnswers,
  checkPresetAnswers,
  findPreset,
  presetToServerInput,
  providerMatchesLink,
  serverMatchesPreset,
} from '../../app/shared/mcp-presets';

const LOCALES_DIR = fileURLToPath(new URL('../../../../locales', import.meta.url));
const LANGUAGES = ['en', 'zh', 'ja'] as const;
/** Same pattern as presetToServerInput's. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
/** The same without /g, for test(): a global regex carries lastIndex from one call to the next. */
const HAS_PLACEHOLDER = /\{[A-Za-z][A-Za-z0-9_]*\}/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const EXACT_VERSION = /^\d+\.\d+(\.\d+)?([.-][0-9A-Za-z.-]+)?$/;
const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

type Messages = Record<string, unknown>;
const messages = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'settings', 'presets.json'), 'utf8')) as Messages,
  ]),
) as Record<(typeof LANGUAGES)[number], Messages>;

function message(language: (typeof LANGUAGES)[number], ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Messages | undefined)?.[key], messages[language]);
}

const placeholdersOf = (args: readonly string[]) => [...new Set(args.flatMap((arg) => [...arg.matchAll(PLACEHOLDER)].map((m) => m[1]!)))].sort();
const stdio = OFFICIAL_MCP_PRESETS.filter((preset) => preset.transportType === 'stdio');
const byId = (id: string): OfficialMcpPreset => {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return preset;
};

/** Answers that satisfy any preset: a key, and an absolute folder for every input. */
function fullAnswers(preset: OfficialMcpPreset): PresetAnswers {
  return {
    apiKey: 'test-key-123',
    // A choice is left to its default.
    inputs: Object.fromEntries((preset.inputs ?? []).flatMap((input) => (input.kind === 'choice' ? [] : [[input.key, `/tmp/${input.key}`]]))),
  };
}

/** The preset as the list sees it once added: a stored record's type and config. */
function asStoredServer(preset: OfficialMcpPreset) {
  const parsed = parseMcpServerInput(presetToServerInput(preset, fullAnswers(preset)));
  if (!parsed.ok) throw new Error(`${preset.id}: ${JSON.stringify(parsed.errors)}`);
  const { type, config } = toRecordFields(parsed.value);
  return { type, config };
}

describe('the catalogue', () => {
  it('has at least 16 presets with unique kebab-case ids', () => {
    const ids = OFFICIAL_MCP_PRESETS.map((preset) => preset.id);
    expect(ids.length).toBeGreaterThanOrEqual(16);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(KEBAB);
  });

  it.each(PRESET_CATEGORIES)('has at least two presets in %s', (category) => {
    expect(OFFICIAL_MCP_PRESETS.filter((preset) => preset.category === category).length).toBeGreaterThanOrEqual(2);
  });

  it('mixes npx, uvx and remote servers', () => {
    const kinds = new Set(OFFICIAL_MCP_PRESETS.map((preset) => (preset.transportType === 'stdio' ? preset.command : 'http')));
    expect([...kinds].sort()).toEqual(['http', 'npx', 'uvx']);
  });

  it('finds presets by id', () => {
    expect(findPreset('filesystem')?.name).toBe('Filesystem');
    expect(findPreset('no-such-preset')).toBeUndefined();
  });

  describe.each(OFFICIAL_MCP_PRESETS.map((preset) => [preset.id, preset] as const))('%s', (_id, preset) => {
    it('names its tools, once each', () => {
      expect(preset.tools.length).toBeGreaterThan(0);
      expect(new Set(preset.tools).size).toBe(preset.tools.length);
    });

    it('has an English one-sentence description and https links', () => {
      expect(preset.description).toMatch(/^[A-Z].*\.$/);
      expect(preset.description.match(/\. /g) ?? []).toEqual([]);
      for (const url of [preset.documentationUrl, preset.apiKeyUrl]) if (url !== undefined) expect(new URL(url).protocol).toBe('https:');
    });

    it('says where its key goes when it needs one', () => {
      if (preset.requiresApiKey) {
        if (preset.transportType === 'stdio') expect(preset.apiKeyEnvVar).toMatch(ENV_NAME);
        else expect(preset.apiKeyHeader?.name).toBeTruthy();
        expect(preset.apiKeyUrl).toBeTruthy();
      }
      for (const link of preset.linkedProviderIds ?? []) expect(Object.keys(LINKED_PROVIDERS)).toContain(link);
    });

    it('declares every {placeholder} of its arguments and fixed variables as an input, and no other inputs', () => {
      const texts = preset.transportType === 'stdio' ? [...preset.args, ...Object.values(preset.extraEnv ?? {})] : [];
      const keys = (preset.inputs ?? []).map((input) => input.key).sort();
      expect(placeholdersOf(texts)).toEqual(keys);
      expect(new Set(keys).size).toBe(keys.length);
      for (const input of preset.inputs ?? []) {
        if (input.kind === 'choice') expect(input.options.map((o) => o.id)).toContain(input.default);
      }
    });

    it('becomes a server input the contract accepts', () => {
      const parsed = parseMcpServerInput(presetToServerInput(preset, fullAnswers(preset)));
      expect(parsed.ok ? [] : parsed.errors).toEqual([]);
      if (!parsed.ok) return;
      const server = parsed.value;
      if (preset.transportType === 'stdio' && server.type === 'stdio') {
        expect(server.args.join(' ')).not.toMatch(HAS_PLACEHOLDER);
        if (preset.apiKeyEnvVar) expect(server.env[preset.apiKeyEnvVar]).toBe('test-key-123');
        for (const [key, value] of Object.entries(preset.extraEnv ?? {})) {
          expect(server.env[key]).toBeTruthy();
          expect(server.env[key]).not.toMatch(HAS_PLACEHOLDER);
          if (!HAS_PLACEHOLDER.test(value)) expect(server.env[key]).toBe(value);
        }
      } else if (preset.transportType === 'http' && server.type === 'http') {
        const header = preset.apiKeyHeader;
        expect(server.headers).toEqual(header ? { [header.name]: header.scheme ? `${header.scheme} test-key-123` : 'test-key-123' } : {});
        expect(new URL(server.url).protocol).toBe('https:');
      } else {
        expect.unreachable(`${preset.id} became a ${server.type} server`);
      }
    });

    it('is recognised in its own server, and in no other preset’s', () => {
      expect(serverMatchesPreset(preset, asStoredServer(preset))).toBe(true);
      const others = OFFICIAL_MCP_PRESETS.filter((other) => other.id !== preset.id && serverMatchesPreset(preset, asStoredServer(other)));
      expect(others.map((other) => other.id)).toEqual([]);
    });

    it('has a description, a category and input labels in every language', () => {
      expect(message('en', 'descriptions', preset.id)).toBe(preset.description);
      for (const language of LANGUAGES) {
        expect(message(language, 'descriptions', preset.id), `${language}: descriptions.${preset.id}`).toBeTypeOf('string');
        expect(message(language, 'categories', preset.category), `${language}: categories.${preset.category}`).toBeTypeOf('string');
        for (const input of preset.inputs ?? []) {
          const { key } = input;
          expect(message(language, 'inputs', key, 'label'), `${language}: inputs.${key}.label`).toBeTypeOf('string');
          expect(message(language, 'inputs', key, 'hint'), `${language}: inputs.${key}.hint`).toBeTypeOf('string');
          for (const option of input.kind === 'choice' ? input.options : []) {
            expect(message(language, 'inputs', key, 'options', option.id), `${language}: inputs.${key}.options.${option.id}`).toBeTypeOf('string');
          }
        }
      }
    });
  });
});

describe('choice inputs', () => {
  it('fill fixed variables with the chosen option, or the default when none is chosen', () => {
    const zhipu = byId('zhipu-vision');
    const env = (inputs?: Record<string, string>) => {
      const server = presetToServerInput(zhipu, { apiKey: 'k', ...(inputs ? { inputs } : {}) });
      return server.type === 'stdio' ? server.env : {};
    };
    expect(env()).toEqual({ Z_AI_API_KEY: 'k', Z_AI_MODE: 'ZHIPU' });
    expect(env({ platform: 'zai' })).toEqual({ Z_AI_API_KEY: 'k', Z_AI_MODE: 'ZAI' });
    const minimax = presetToServerInput(byId('minimax-vision'), { apiKey: 'k', inputs: { region: 'global' } });
    expect(minimax.type === 'stdio' && minimax.env?.MINIMAX_API_HOST).toBe('https://api.minimax.io');
  });

  it('refuse an option that is not offered, by its id', () => {
    expect(checkPresetAnswers(byId('zhipu-vision'), { apiKey: 'k', inputs: { platform: 'ZAI' } }, false)).toEqual([{ field: 'inputs.platform', code: 'invalid' }]);
    expect(checkPresetAnswers(byId('zhipu-vision'), { apiKey: 'k', inputs: { platform: 'zai' } }, false)).toEqual([]);
    expect(checkPresetAnswers(byId('zhipu-vision'), { apiKey: 'k' }, false)).toEqual([]);
  });
});

describe('pinned packages', () => {
  it.each(stdio.map((preset) => [preset.id, preset] as const))('%s runs the exact version it names', (_id, preset) => {
    const { name, version, registry, checkedOn } = preset.package;
    expect(version).toMatch(EXACT_VERSION);
    expect(checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(preset.args.join(' ')).not.toMatch(/@latest\b|@next\b/);
    if (preset.command === 'npx') {
      expect(registry).toBe('npm');
      expect(preset.args[0]).toBe('-y');
      expect(preset.args).toContain(`${name}@${version}`);
    } else {
      expect(preset.command).toBe('uvx');
      expect(registry).toBe('pypi');
      // uvx's exact pin: `name@version`, or `--from name==version` before the command.
      const pinned = preset.args.includes(`${name}@${version}`) || preset.args.includes(`${name}==${version}`);
      expect(pinned, preset.args.join(' ')).toBe(true);
    }
    // The package appears only in its pinned form.
    const bare = preset.args.filter((arg) => arg === name || (arg.startsWith(`${name}@`) && arg !== `${name}@${version}`));
    expect(bare).toEqual([]);
  });

  it.each(stdio.map((preset) => [preset.id, preset] as const))('%s keeps its key out of the fixed variables', (_id, preset) => {
    for (const key of Object.keys(preset.extraEnv ?? {})) expect(key).toMatch(ENV_NAME);
    if (preset.apiKeyEnvVar) expect(Object.keys(preset.extraEnv ?? {})).not.toContain(preset.apiKeyEnvVar);
  });
});

describe('translations', () => {
  const keysOf = (language: (typeof LANGUAGES)[number], section: string) => Object.keys((messages[language][section] ?? {}) as Messages).sort();

  it('describe exactly the catalogue’s presets', () => {
    const ids = OFFICIAL_MCP_PRESETS.map((preset) => preset.id).sort();
    for (const language of LANGUAGES) expect(keysOf(language, 'descriptions'), language).toEqual(ids);
  });

  it('name every category and the “all” filter', () => {
    for (const language of LANGUAGES) expect(keysOf(language, 'categories'), language).toEqual(['all', ...PRESET_CATEGORIES].sort());
  });

  it('label exactly the inputs the catalogue uses', () => {
    const keys = [...new Set(OFFICIAL_MCP_PRESETS.flatMap((preset) => (preset.inputs ?? []).map((input) => input.key)))].sort();
    for (const language of LANGUAGES) expect(keysOf(language, 'inputs'), language).toEqual(keys);
  });
});

describe('serverMatchesPreset with servers added by hand', () => {
  const stdioServer = (command: string, args: string[]) => ({ type: 'stdio', config: { command, args } });

  it.each([
    ['filesystem', stdioServer('npx', ['-y', '@modelcontextprotocol/server-filesystem', '/home/me'])],
    ['filesystem', stdioServer('npx', ['@modelcontextprotocol/server-filesystem@2025.1.1', '/home/me'])],
    ['tavily', stdioServer('npx', ['-y', 'tavily-mcp@latest'])],
    ['git', stdioServer('uvx', ['mcp-server-git', '--repository', '/repo'])],
    ['git', stdioServer('uvx', ['--from', 'mcp-server-git==2025.1.1', 'mcp-server-git'])],
    ['git', stdioServer('uvx', ['--from=mcp_server_git', 'mcp-server-git'])],
    ['fetch', stdioServer('uvx', ['MCP_Server.Fetch@2025.4.7'])],
    ['deepwiki', { type: 'http', config: { url: 'https://mcp.deepwiki.com/mcp/' } }],
    ['github', { type: 'http', config: { url: 'https://api.githubcopilot.com/mcp' } }],
    ['exa', { type: 'http', config: { url: 'https://mcp.exa.ai/mcp?exaApiKey=abc' } }],
  ])('recognises %s in %j', (id, server) => {
    expect(serverMatchesPreset(byId(id), server)).toBe(true);
  });

  it.each([
    ['filesystem', stdioServer('npx', ['-y', '@modelcontextprotocol/server-filesystem-extra'])],
    ['git', stdioServer('uvx', ['mcp-server-github'])],
    ['memory', stdioServer('node', ['/home/me/server-memory/index.js'])],
    ['deepwiki', { type: 'stdio', config: { command: 'npx', args: ['https://mcp.deepwiki.com/mcp'] } }],
    ['github', { type: 'http', config: { url: 'https://api.githubcopilot.com/mcp/x/issues' } }],
    ['context7', { type: 'http', config: { url: 'https://mcp.deepwiki.com/mcp' } }],
  ])('does not take a different server for %s: %j', (id, server) => {
    expect(serverMatchesPreset(byId(id), server)).toBe(false);
  });
});

describe('checkPresetAnswers', () => {
  const keyed = byId('brave-search');
  const folder = byId('filesystem');
  const optionalKey = byId('context7');

  it.each<[string, OfficialMcpPreset, PresetAnswers, boolean, { field: string; code: string }[]]>([
    ['a needed key that is missing', keyed, {}, false, [{ field: 'apiKey', code: 'required' }]],
    ['a needed key that is only spaces', keyed, { apiKey: '   ' }, false, [{ field: 'apiKey', code: 'required' }]],
    ['a needed key that is typed', keyed, { apiKey: 'k' }, false, []],
    ['a needed key that a provider lends', keyed, {}, true, []],
    ['an optional key left out', optionalKey, {}, false, []],
    ['a missing folder', folder, {}, false, [{ field: 'inputs.folder', code: 'required' }]],
    ['a blank folder', folder, { inputs: { folder: '  ' } }, false, [{ field: 'inputs.folder', code: 'required' }]],
    ['a relative folder', folder, { inputs: { folder: 'docs/notes' } }, false, [{ field: 'inputs.folder', code: 'absolutePath' }]],
    ['a home-relative folder', folder, { inputs: { folder: '~/docs' } }, false, [{ field: 'inputs.folder', code: 'absolutePath' }]],
    ['a drive letter without a slash', folder, { inputs: { folder: 'C:docs' } }, false, [{ field: 'inputs.folder', code: 'absolutePath' }]],
    ['a POSIX folder', folder, { inputs: { folder: '/home/me/docs' } }, false, []],
    ['a Windows folder', folder, { inputs: { folder: 'C:\\x' } }, false, []],
    ['a Windows folder with forward slashes', folder, { inputs: { folder: 'D:/work' } }, false, []],
    ['a UNC share', folder, { inputs: { folder: '\\\\server\\share\\docs' } }, false, []],
  ])('%s', (_name, preset, answers, keyFromProvider, problems) => {
    expect(checkPresetAnswers(preset, answers, keyFromProvider)).toEqual(problems);
  });

  it('keeps a folder with spaces as one argument', () => {
    const input = presetToServerInput(folder, { inputs: { folder: ' /Users/me/My Documents ' } });
    expect(input.type === 'stdio' ? input.args : []).toEqual(['-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/Users/me/My Documents']);
  });

  it('leaves out the key header of a remote server when no key is given', () => {
    const input = presetToServerInput(optionalKey, {});
    expect(input.type === 'http' ? input.headers : undefined).toEqual({});
  });
});

describe('providerMatchesLink', () => {
  it.each<[LinkedProviderId, { kind: ProviderKind; baseUrl?: string }, boolean]>([
    ['openai', { kind: 'openai' }, true],
    ['anthropic', { kind: 'anthropic' }, true],
    ['google', { kind: 'google' }, true],
    ['openai', { kind: 'anthropic' }, false],
    ['openai', { kind: 'openai', baseUrl: 'https://api.openai.com/v1' }, true],
    ['perplexity', { kind: 'openai-compatible', baseUrl: 'https://api.perplexity.ai' }, true],
    ['zhipu', { kind: 'openai-compatible', baseUrl: 'https://open.bigmodel.cn/api/paas/v4' }, true],
    ['zhipu', { kind: 'openai-compatible', baseUrl: 'https://API.Z.AI/api/paas/v4' }, true],
    // A provider of a listed kind but with its own base URL is whoever that URL is.
    ['openai', { kind: 'openai', baseUrl: 'https://llm-proxy.example.com/v1' }, false],
    ['perplexity', { kind: 'openai-compatible', baseUrl: 'https://api.perplexity.ai.example.com' }, false],
    ['perplexity', { kind: 'openai' }, false],
    ['zhipu', { kind: 'openai-compatible' }, false],
    ['openai', { kind: 'openai', baseUrl: 'not a url' }, false],
  ])('%s with %j → %s', (link, provider, expected) => {
    expect(providerMatchesLink(link, provider)).toBe(expected);
  });
});
