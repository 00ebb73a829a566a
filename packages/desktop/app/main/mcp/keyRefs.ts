/**
 * Keys a server borrows from an LLM provider (a preset whose linkedProviderIds name the provider):
 * stored as references and filled in when the server starts, so the key is never copied into the
 * server's record, follows the provider's key when it changes, and stops when the provider no
 * longer matches the link (its base URL now points elsewhere).
 */
import type { McpServerRecord, ProviderKeyRef } from '../../shared/contracts/mcp-types';
import type { ProviderRecord } from '../../shared/contracts/providers';
import { type LinkedProviderId, LINKED_PROVIDERS, type OfficialMcpPreset, providerMatchesLink, serverMatchesPreset } from '../../shared/mcp-presets';
import { McpServiceError } from './McpServiceError';

/** A provider with its key opened; main-side only. */
export type KeyLender = Pick<ProviderRecord, 'id' | 'name' | 'kind' | 'baseUrl'> & { apiKey: string | undefined };

function isLink(link: string | undefined): link is LinkedProviderId {
  return link !== undefined && Object.hasOwn(LINKED_PROVIDERS, link);
}

function lend(server: McpServerRecord, where: string, ref: ProviderKeyRef, lender: (id: string) => KeyLender | undefined): string {
  const provider = lender(ref.providerId);
  const usable = provider?.apiKey && (ref.link === undefined || (isLink(ref.link) && providerMatchesLink(ref.link, provider)));
  if (!provider?.apiKey || !usable) {
    throw new McpServiceError('KEY_SOURCE_MISSING', { server: server.name, provider: provider?.name ?? ref.providerId, field: where });
  }
  return `${ref.prefix ?? ''}${provider.apiKey}`;
}

/**
 * The server as it is started: every referenced env variable or header filled with its provider's
 * key. Throws KEY_SOURCE_MISSING when the provider is gone, has no key, or no longer matches.
 */
export function resolveKeyRefs(server: McpServerRecord, lender: (id: string) => KeyLender | undefined): McpServerRecord {
  const refs = server.config.keyRefs;
  if (!refs) return server;
  const { keyRefs: _refs, ...config } = server.config;
  if (refs.env) {
    const env = { ...config.env };
    for (const [name, ref] of Object.entries(refs.env)) env[name] = lend(server, `env.${name}`, ref, lender);
    config.env = env;
  }
  if (refs.headers) {
    const headers = { ...config.headers };
    for (const [name, ref] of Object.entries(refs.headers)) headers[name] = lend(server, `headers.${name}`, ref, lender);
    config.headers = headers;
  }
  return { ...server, config };
}

/** The reference a preset's key takes when `provider` lends it through `link`. */
export function presetKeyRef(preset: OfficialMcpPreset, providerId: string, link: LinkedProviderId): McpServerRecord['config']['keyRefs'] {
  if (preset.transportType === 'stdio') return preset.apiKeyEnvVar ? { env: { [preset.apiKeyEnvVar]: { providerId, link } } } : undefined;
  if (!preset.apiKeyHeader) return undefined;
  const prefix = preset.apiKeyHeader.scheme ? `${preset.apiKeyHeader.scheme} ` : undefined;
  return { headers: { [preset.apiKeyHeader.name]: prefix ? { providerId, link, prefix } : { providerId, link } } };
}

/**
 * For a server stored when presets still copied a borrowed key: the env variable or header whose
 * value is a linked provider's key becomes a reference to that provider. Anything else is kept.
 */
export function referenceCopiedKeys(server: McpServerRecord, presets: readonly OfficialMcpPreset[], lenders: readonly KeyLender[]): McpServerRecord {
  for (const preset of presets) {
    if (!serverMatchesPreset(preset, server)) continue;
    for (const link of preset.linkedProviderIds ?? []) {
      for (const lender of lenders) {
        if (!lender.apiKey || !providerMatchesLink(link, lender)) continue;
        const ref = presetKeyRef(preset, lender.id, link);
        const converted = ref && takeCopies(server, ref, lender.apiKey);
        if (converted) return converted;
      }
    }
  }
  return server;
}

function takeCopies(server: McpServerRecord, refs: NonNullable<McpServerRecord['config']['keyRefs']>, apiKey: string): McpServerRecord | undefined {
  const list = refs.env ? 'env' : 'headers';
  const [name, ref] = Object.entries(refs[list] ?? {})[0] ?? [];
  const values = server.config[list];
  if (!name || !ref || values?.[name] !== `${ref.prefix ?? ''}${apiKey}`) return undefined;
  const { [name]: _copy, ...rest } = values;
  return { ...server, config: { ...server.config, [list]: rest, keyRefs: { ...server.config.keyRefs, [list]: { ...server.config.keyRefs?.[list], [name]: ref } } } };
}
