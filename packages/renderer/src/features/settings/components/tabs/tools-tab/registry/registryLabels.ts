import type { RegistryOptionKind, RegistryStatus, RegistryUnsupportedReason } from '@elftia/desktop/shared/contracts/registry.ts';

/** The chip of each install option: what a user knows the package source or transport as. */
export const OPTION_KIND_KEYS: Record<RegistryOptionKind, string> = {
  npm: 'settings/registry:kinds.npm',
  pypi: 'settings/registry:kinds.pypi',
  oci: 'settings/registry:kinds.oci',
  nuget: 'settings/registry:kinds.nuget',
  mcpb: 'settings/registry:kinds.mcpb',
  'streamable-http': 'settings/registry:kinds.streamable-http',
  sse: 'settings/registry:kinds.sse',
};

export const UNSUPPORTED_KEYS: Record<RegistryUnsupportedReason, string> = {
  registryType: 'settings/registry:unsupported.registryType',
  transport: 'settings/registry:unsupported.transport',
  dockerMissing: 'settings/registry:unsupported.dockerMissing',
  secretInUrl: 'settings/registry:unsupported.secretInUrl',
};

/** Active records carry no mark. */
export const STATUS_KEYS: Record<RegistryStatus, string | undefined> = {
  active: undefined,
  deprecated: 'settings/registry:status.deprecated',
  deleted: 'settings/registry:status.deleted',
};

/** The registry's host as the browser names it ("registry.modelcontextprotocol.io"); the text itself if it is no URL. */
export function registryHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
