/**
 * Part of the composition root: brings the MCP server rows of earlier versions to the current
 * secrets layout at start. It may import services of several areas, which never import each other.
 */
import type { McpServerRepository } from './db/McpServerRepository';
import type { McpLogger } from './mcp/ConnectionPool';
import { type KeyLender, referenceCopiedKeys } from './mcp/keyRefs';
import type { ProviderService } from './providers/ProviderService';
import type { OfficialMcpPreset } from '../shared/mcp-presets';

/**
 * Brings server rows stored before secrets layout 2 up to date (McpServerRepository.upgradeLegacyRows),
 * turning keys that presets copied from providers into references. A failure (a read-only data dir)
 * is logged and retried at the next start: the old rows still work as they are.
 */
export function upgradeServerSecrets(repository: McpServerRepository, presets: () => OfficialMcpPreset[], lenders: () => KeyLender[], logger: McpLogger | undefined): void {
  try {
    let cached: { presets: OfficialMcpPreset[]; lenders: KeyLender[] } | undefined;
    const upgraded = repository.upgradeLegacyRows((record) => {
      cached ??= { presets: presets(), lenders: lenders() };
      return referenceCopiedKeys(record, cached.presets, cached.lenders);
    });
    if (upgraded.length > 0) logger?.info(`stored ${upgraded.length} MCP server(s) in the current secrets layout`);
  } catch (error) {
    logger?.warn(`could not update the stored MCP servers' secrets layout: ${String(error)}`);
  }
}

/** Every provider with its key opened; one whose key cannot be opened lends nothing. */
export function lenders(providers: ProviderService): KeyLender[] {
  return providers.list().flatMap((provider) => {
    try {
      return [providers.resolve(provider.id)];
    } catch {
      return [];
    }
  });
}
