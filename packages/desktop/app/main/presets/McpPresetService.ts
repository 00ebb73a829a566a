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
} from '../../shared/mcp-presets';
import { MCP_NAME_MAX_LENGTH, type FieldError, type McpServerRecord, parseMcpServerInput } from '../../shared/contracts/mcp-types';
import { freeName } from '../lib/uniqueNames';
import type { ProviderRecord } from '../../shared/contracts/providers';
import { AppError } from '../lib/errors';
import { presetKeyRef } from '../mcp/keyRefs';
import { isFolder } from '../lib/isFolder';
import type { McpServerConfigService } from '../mcp/McpServerConfigService';

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
      const lent = this.linkedProvider(preset);
      if (lent) view.keyProvider = { id: lent.provider.id, name: lent.provider.name };
      return view;
    });
  }

  /** Adds the preset as a new, enabled server; throws VALIDATION naming each bad answer. */
  add(request: AddPresetRequest): McpServerRecord {
    const entry = this.options.catalogue().find(({ preset }) => preset.id === request.presetId);
    if (!entry) throw new AppError('PRESET_NOT_FOUND', { params: { id: request.presetId } });
    const { preset } = entry;
    const apiKey = request.apiKey?.trim() || undefined;
    // A borrowed key is stored as a reference to the provider, read when the server starts: never a copy.
    const lent = apiKey ? undefined : this.linkedProvider(preset);
    const keyRefs = lent && presetKeyRef(preset, lent.provider.id, lent.link);
    const problems: FieldError[] = checkPresetAnswers(preset, { apiKey, inputs: request.inputs }, keyRefs !== undefined);
    if (problems.length === 0) problems.push(...missingFolders(preset, request.inputs));
    if (problems.length > 0) throw AppError.validation(problems);
    const input = presetToServerInput(preset, { apiKey, inputs: request.inputs }, this.serverNameFor(preset.name));
    const parsed = parseMcpServerInput(input);
    // A custom preset can be wrong in ways the catalogue test rules out for the built-in ones.
    if (!parsed.ok) throw AppError.validation(parsed.errors);
    return this.options.servers.add(parsed.value, keyRefs ? { keyRefs } : {});
  }

  /** A configured provider with a key that the preset names in linkedProviderIds, and the link it matches. */
  private linkedProvider(preset: OfficialMcpPreset): { provider: ProviderRecord; link: LinkedProviderId } | undefined {
    const links: readonly LinkedProviderId[] = preset.linkedProviderIds ?? [];
    for (const provider of this.options.providers.list()) {
      const link = provider.hasApiKey ? links.find((l) => providerMatchesLink(l, provider)) : undefined;
      if (link) return { provider, link };
    }
    return undefined;
  }

  /** The preset's name, or `Name 2`, `Name 3`… when taken (names are unique by their nameKey: case and look-alikes). */
  private serverNameFor(base: string): string {
    return freeName(base, this.options.servers.list().map((server) => server.name), MCP_NAME_MAX_LENGTH);
  }
}

/** A folder input naming no existing folder: the server would start, then fail on it (a filesystem server exits). */
function missingFolders(preset: OfficialMcpPreset, inputs: Record<string, string> | undefined): FieldError[] {
  return (preset.inputs ?? [])
    .filter((input) => input.kind === 'directory' && !isFolder(inputs?.[input.key]?.trim() ?? ''))
    .map((input) => ({ field: `inputs.${input.key}`, code: 'folderNotFound' }));
}
