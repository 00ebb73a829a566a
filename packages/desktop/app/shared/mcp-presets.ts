/**
 * Official MCP server presets: the catalogue a user adds from with one click (the original design's preset
 * table), and the pure functions that turn a preset plus the user's answers into a server input.
 *
 * Every package is pinned to the version named in `package.version`, checked against its registry
 * on `package.checkedOn` (`@latest` re-resolves on every start, and a
 * catalogue entry that 404s is the first thing a new user meets). `pnpm presets:check` re-checks the
 * npm ones against the registry. The entries are in mcp-preset-catalogue.ts.
 *
 * Runtime-neutral: imports only the shared contracts and the catalogue.
 */
import { type McpServerInput, isAbsolutePath } from './contracts/mcp-types';
import type { ProviderKind } from './contracts/providers';
import { OFFICIAL_MCP_PRESETS } from './mcp-preset-catalogue';

export const PRESET_CATEGORIES = ['search', 'vision', 'web-reading', 'code-repo', 'general'] as const;
export type PresetCategory = (typeof PRESET_CATEGORIES)[number];

/** Icons the preset list knows how to draw. */
export const PRESET_ICONS = ['search', 'eye', 'globe', 'browser', 'code', 'git', 'folder', 'brain', 'clock', 'database', 'book', 'tool'] as const;
export type PresetIcon = (typeof PRESET_ICONS)[number];

/**
 * A value the user supplies when adding the preset, written as `{key}` into `args` (the folder a
 * filesystem server may read, the repository a git server works on) or into an `extraEnv` value (the
 * platform a key belongs to). Labels and hints are translated: `settings/presets:inputs.<key>.label`
 * / `.hint`, and a choice's options `settings/presets:inputs.<key>.options.<id>`.
 */
export type PresetInput =
  /** `directory`: an absolute folder path; `text`: any non-empty text. */
  | { key: string; kind: 'directory' | 'text' }
  /** One of `options`, by id; `value` is what is written. Preselected: `default` (an option id). */
  | { key: string; kind: 'choice'; options: { id: string; value: string }[]; default: string };

/** Where a preset's package comes from, and the version that was checked. */
export interface PresetPackage {
  registry: 'npm' | 'pypi';
  name: string;
  /** Exact version, as pinned in `args`. */
  version: string;
  /** ISO date the name, version and environment variable were checked against the registry and docs. */
  checkedOn: string;
}

/**
 * How an LLM provider the user configured can lend its API key to a preset. A provider matches when
 * its kind is listed and it has no base URL of its own, or when its base URL's host is listed.
 */
export interface LinkedProvider {
  kinds?: ProviderKind[];
  hosts?: string[];
}

/** Providers a preset's `linkedProviderIds` may name. */
export const LINKED_PROVIDERS = {
  openai: { kinds: ['openai'], hosts: ['api.openai.com'] },
  google: { kinds: ['google'], hosts: ['generativelanguage.googleapis.com'] },
  anthropic: { kinds: ['anthropic'], hosts: ['api.anthropic.com'] },
  perplexity: { hosts: ['api.perplexity.ai'] },
  zhipu: { hosts: ['open.bigmodel.cn', 'api.z.ai'] },
} as const satisfies Record<string, LinkedProvider>;
export type LinkedProviderId = keyof typeof LINKED_PROVIDERS;

interface PresetBase {
  /** Unique, stable, kebab-case; also the key of its translated description. */
  id: string;
  name: string;
  /** Who publishes the server (`modelcontextprotocol`, `brave`, …). */
  provider: string;
  category: PresetCategory;
  /** English; translated as `settings/presets:descriptions.<id>`. */
  description: string;
  /** The tool names the server offers (as of the checked version). */
  tools: string[];
  requiresApiKey: boolean;
  /** Configured LLM providers whose key can be reused. */
  linkedProviderIds?: LinkedProviderId[];
  /** Where the user gets a key, shown beside the key field. */
  apiKeyUrl?: string;
  documentationUrl?: string;
  icon: PresetIcon;
  inputs?: PresetInput[];
}

export interface StdioPreset extends PresetBase {
  transportType: 'stdio';
  /** `npx` or `uvx`. */
  command: string;
  /** With the pinned package and `{input}` placeholders. */
  args: string[];
  /** The variable that receives the API key. */
  apiKeyEnvVar?: string;
  /** Fixed variables set on every start. */
  extraEnv?: Record<string, string>;
  package: PresetPackage;
}

export interface HttpPreset extends PresetBase {
  transportType: 'http';
  url: string;
  /** The header that carries the API key; `scheme` (`Bearer`) is put before the key. */
  apiKeyHeader?: { name: string; scheme?: string };
}

export type OfficialMcpPreset = StdioPreset | HttpPreset;

/** The entries themselves are in mcp-preset-catalogue.ts, a data file. */
export { OFFICIAL_MCP_PRESETS };

// ---------------------------------------------------------------------------------------------
// From a preset to a server input

/** The user's answers to a preset's dialog. */
export interface PresetAnswers {
  apiKey?: string;
  /** By PresetInput.key. */
  inputs?: Record<string, string>;
}

/** What is missing from the answers: the key and/or inputs, by key. Empty when the preset can be added. */
export interface PresetAnswerProblem {
  field: 'apiKey' | `inputs.${string}`;
  code: 'required' | 'absolutePath' | 'invalid';
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;


export function findPreset(id: string): OfficialMcpPreset | undefined {
  return OFFICIAL_MCP_PRESETS.find((preset) => preset.id === id);
}

/**
 * Checks the answers: the key when the preset needs one and none comes from a linked provider
 * (`keyFromProvider`), and every input (directories must be absolute).
 */
export function checkPresetAnswers(preset: OfficialMcpPreset, answers: PresetAnswers, keyFromProvider: boolean): PresetAnswerProblem[] {
  const problems: PresetAnswerProblem[] = [];
  if (preset.requiresApiKey && !keyFromProvider && !answers.apiKey?.trim()) problems.push({ field: 'apiKey', code: 'required' });
  for (const input of preset.inputs ?? []) {
    const field = `inputs.${input.key}` as const;
    const value = answers.inputs?.[input.key]?.trim() ?? '';
    if (input.kind === 'choice') {
      // Left out, the default holds; given, it must be one of the options.
      if (value !== '' && !input.options.some((option) => option.id === value)) problems.push({ field, code: 'invalid' });
    } else if (value === '') problems.push({ field, code: 'required' });
    else if (input.kind === 'directory' && !isAbsolutePath(value)) problems.push({ field, code: 'absolutePath' });
  }
  return problems;
}

/** What each `{key}` becomes: the answer, or for a choice the chosen (or default) option's value. */
function placeholderValues(preset: OfficialMcpPreset, answers: PresetAnswers): Map<string, string> {
  const values = new Map<string, string>();
  for (const input of preset.inputs ?? []) {
    const answer = answers.inputs?.[input.key]?.trim();
    if (input.kind !== 'choice') {
      if (answer) values.set(input.key, answer);
      continue;
    }
    const option = input.options.find((o) => o.id === answer) ?? input.options.find((o) => o.id === input.default);
    if (option) values.set(input.key, option.value);
  }
  return values;
}

/**
 * The server input a preset becomes. `apiKey` is the key to use (typed by the user or lent by a linked
 * provider); call checkPresetAnswers first. Placeholders in `args` and `extraEnv` values are filled;
 * an argument that is only a placeholder becomes exactly the answer (spaces in a folder stay one
 * argument).
 */
export function presetToServerInput(preset: OfficialMcpPreset, answers: PresetAnswers, name = preset.name): McpServerInput {
  const apiKey = answers.apiKey?.trim();
  const values = placeholderValues(preset, answers);
  const fill = (text: string) => text.replace(PLACEHOLDER, (whole, key: string) => values.get(key) ?? whole);
  if (preset.transportType === 'stdio') {
    const env: Record<string, string> = Object.fromEntries(Object.entries(preset.extraEnv ?? {}).map(([key, value]) => [key, fill(value)]));
    if (apiKey && preset.apiKeyEnvVar) env[preset.apiKeyEnvVar] = apiKey;
    return { type: 'stdio', name, command: preset.command, args: preset.args.map(fill), env };
  }
  const headers: Record<string, string> = {};
  if (apiKey && preset.apiKeyHeader) {
    headers[preset.apiKeyHeader.name] = preset.apiKeyHeader.scheme ? `${preset.apiKeyHeader.scheme} ${apiKey}` : apiKey;
  }
  return { type: 'http', name, url: preset.url, headers };
}

/**
 * Whether a configured server is this preset: a stdio server running the preset's package (any
 * version, any runner flags), or an HTTP server at the preset's URL. Lets the list badge presets that
 * were added by hand or imported, not only through the list.
 */
export function serverMatchesPreset(
  preset: OfficialMcpPreset,
  server: { type: string; config: { command?: string; args?: string[]; url?: string } },
): boolean {
  if (preset.transportType === 'http') {
    return server.type !== 'stdio' && normalizeUrl(server.config.url) === normalizeUrl(preset.url);
  }
  if (server.type !== 'stdio') return false;
  // PyPI compares names normalised (PEP 503): `mcp_server_git` is `mcp-server-git`.
  const normalize = preset.package.registry === 'pypi' ? (value: string) => value.replace(/[-_.]+/g, '-') : (value: string) => value;
  const name = normalize(preset.package.name.toLowerCase());
  return (server.config.args ?? []).some((arg) => {
    const spec = arg.toLowerCase();
    // npm `name@version`, PyPI `name==version` / `name@version`; `--from=name` and `--package=name` too.
    const bare = spec.replace(/^--(from|package)=/, '').replace(/(==|@)[^@/]*$/, '');
    return normalize(bare) === name || normalize(spec) === name;
  });
}

function normalizeUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return url;
  }
}

/** Whether a configured LLM provider can lend its key to a preset naming `linkedId`. */
export function providerMatchesLink(linkedId: LinkedProviderId, provider: { kind: ProviderKind; baseUrl?: string }): boolean {
  const link: LinkedProvider = LINKED_PROVIDERS[linkedId];
  if (provider.baseUrl) {
    try {
      return (link.hosts ?? []).includes(new URL(provider.baseUrl).hostname.toLowerCase());
    } catch {
      return false;
    }
  }
  return (link.kinds ?? []).includes(provider.kind);
}
