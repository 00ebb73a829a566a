/**
 * The preset list of the Tools tab and its one-click add: which presets are already configured,
 * which can borrow an API key from a configured LLM provider, and turning a preset plus the user's
 * answers into a stored server — validated whole first, so a bad answer stores nothing.
 *
 * Besides the built-in catalogue (shared/mcp-presets.ts), a team can ship presets of its own in
 * `<dataDir>/presets.json` (see extraPresets.ts).
 */
import {
  type LinkedProviderId,
  type OfficialMcpPreset,
  checkPresetAnswers,
  presetToServerInput,
  providerMatchesLink,
  serverMatchesPreset,
} from '../../../../../shared/mcp-presets';
import { MCP_NAME_MAX_LENGTH, type FieldError, type McpServerRecord, parseMcpServerInput } from '../../../../../shared/contracts/mcp-types';
import type { ProviderRecord } from '../../../../../shared/contracts/providers';
import { AppError } from '../../../../errors';
import { isFolder } from '../../../../isFolder';
import type { McpServerConfigService } from './McpServerConfigService';

export interface McpPresetView {
  preset: OfficialMcpPreset;
  /** `official`: the built-in catalogue; `custom`: `<dataDir>/presets.json`. */
  source: 'official' | 'custom';
  /** Configured servers that run this preset (added from the list, by hand or by import). */
  addedServerIds: string[];
  /** The configured provider whose key the preset would use when the user types none. */
  keyProvider?: { id: string; name: string };
}

export interface AddPresetRequest {
  presetId: string;
  /** Typed by the user; wins over a linked provider's key. */
  apiKey?: string;
  inputs?: Record<string, string>;
}

export interface PresetProviders {
  list(): ProviderRecord[];
  /** The key of a provider; main-side only. */
  apiKeyOf(id: string): string | undefined;
}

export interface McpPresetServiceOptions {
  /** The built-in catalogue, then the data directory's own presets (read on every call: edits apply at once). */
  catalogue(): { preset: OfficialMcpPreset; source: 'official' | 'custom' }[];
  servers: McpServerConfigService;
  providers: PresetProviders;
}

export class McpPresetService {
  constructor(private readonly options: McpPresetServiceOptions) {}

  list(): McpPresetView[] {
    const servers = this.options.servers.list();
    return this.options.catalogue().map(({ preset, source }) => {
      const view: McpPresetView = {
        preset,
        source,
        addedServerIds: servers.filter((server) => serverMatchesPreset(preset, server)).map((server) => server.id),
      };
      const provider = this.linkedProvider(preset);
      if (provider) view.keyProvider = { id: provider.id, name: provider.name };
      return view;
    });
  }

  /** Adds the preset as a new, enabled server; throws VALIDATION naming each bad answer. */
  add(request: AddPresetRequest): McpServerRecord {
    const entry = this.options.catalogue().find(({ preset }) => preset.id === request.presetId);
    if (!entry) throw new AppError('PRESET_NOT_FOUND', { params: { id: request.presetId } });
    const { preset } = entry;
    const typedKey = request.apiKey?.trim() || undefined;
    const provider = typedKey ? undefined : this.linkedProvider(preset);
    const apiKey = typedKey ?? (provider ? this.options.providers.apiKeyOf(provider.id) : undefined);
    const problems: FieldError[] = checkPresetAnswers(preset, { apiKey, inputs: request.inputs }, false);
    if (problems.length === 0) problems.push(...missingFolders(preset, request.inputs));
    if (problems.length > 0) throw AppError.validation(problems);
    const input = presetToServerInput(preset, { apiKey, inputs: request.inputs }, this.freeName(preset.name));
    const parsed = parseMcpServerInput(input);
    // A custom preset can be wrong in ways the catalogue test rules out for the built-in ones.
    if (!parsed.ok) throw AppError.validation(parsed.errors);
    return this.options.servers.add(parsed.value);
  }

  /** A configured provider with a key that the preset names in linkedProviderIds. */
  private linkedProvider(preset: OfficialMcpPreset): ProviderRecord | undefined {
    const links: readonly LinkedProviderId[] = preset.linkedProviderIds ?? [];
    if (links.length === 0) return undefined;
    return this.options.providers.list().find((provider) => provider.hasApiKey && links.some((link) => providerMatchesLink(link, provider)));
  }

  /** The preset's name, or `Name 2`, `Name 3`… when taken (names are unique, ignoring case). */
  private freeName(base: string): string {
    const taken = new Set(this.options.servers.list().map((server) => server.name.toLowerCase()));
    if (!taken.has(base.toLowerCase())) return base;
    for (let n = 2; ; n += 1) {
      const candidate = `${base.slice(0, MCP_NAME_MAX_LENGTH - String(n).length - 1)} ${n}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  }
}

/** A folder input naming no existing folder: the server would start, then fail on it (a filesystem server exits). */
function missingFolders(preset: OfficialMcpPreset, inputs: Record<string, string> | undefined): FieldError[] {
  return (preset.inputs ?? [])
    .filter((input) => input.kind === 'directory' && !isFolder(inputs?.[input.key]?.trim() ?? ''))
    .map((input) => ({ field: `inputs.${input.key}`, code: 'folderNotFound' }));
}
