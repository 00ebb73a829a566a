/**
 * Which MCP protocol era a connection opens with: 2026-07-28 ("modern": `server/discover`, no
 * `initialize`) with servers that speak it, the 2025 `initialize` handshake ("legacy") with the rest.
 * The SDK v2 Client probes with `server/discover` (`versionNegotiation: 'auto'`); the verdict is kept
 * per server for the runtime's life so that a reconnect does not probe again.
 */
import { type Client, type PriorDiscovery, SdkError, SdkErrorCode, type Transport, type VersionNegotiationOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';

/**
 * How long a stdio server may stay silent on the probe before it counts as a legacy server. Some
 * legacy servers never answer a request that comes before `initialize`; without this bound the
 * probe would wait for the whole connect timeout.
 */
export const STDIO_PROBE_TIMEOUT_MS = 2500;

/**
 * The negotiation for a transport. Streamable HTTP and stdio probe. The legacy SSE transport is a
 * 2024-11-05 transport no 2026-07-28 server offers, and the SDK's probe over it reports a rejection
 * only as a generic error, so it stays legacy. WebSocket is not a spec transport: the SDK treats a
 * silent server there as an outage, not a legacy server, so it stays legacy too.
 */
export function versionNegotiationFor(type: McpServerRecord['type'], transport?: Transport): VersionNegotiationOptions | undefined {
  switch (type) {
    case 'http':
      return { mode: 'auto' };
    case 'stdio':
      // The SDK probes its own StdioClientTransport on a sibling process that the process tracker
      // never sees and that doubles every start; Elftia's ProcessStdioTransport is probed in place.
      return transport instanceof StdioClientTransport ? undefined : { mode: 'auto', probe: { timeoutMs: STDIO_PROBE_TIMEOUT_MS } };
    case 'sse':
    case 'websocket':
      return undefined;
  }
}

/** What a server's era verdict depends on: a new command or URL may be a different server. */
function verdictKey(server: McpServerRecord): string {
  return JSON.stringify([server.id, server.type, server.config.command, server.config.args, server.config.url]);
}

/** The era each server connected with last, for `connect({ prior })`. */
export class EraVerdicts {
  private readonly verdicts = new Map<string, PriorDiscovery>();

  prior(server: McpServerRecord): PriorDiscovery | undefined {
    return this.verdicts.get(verdictKey(server));
  }

  remember(server: McpServerRecord, client: Client): void {
    const era = client.getProtocolEra();
    const discover = client.getDiscoverResult();
    if (era === 'modern' && discover) this.verdicts.set(verdictKey(server), { kind: 'modern', discover });
    else if (era === 'legacy') this.verdicts.set(verdictKey(server), { kind: 'legacy' });
  }

  /** The server exited on the probe: it is a legacy server, whatever becomes of the connect. */
  rememberLegacy(server: McpServerRecord): void {
    this.verdicts.set(verdictKey(server), { kind: 'legacy' });
  }

  /**
   * A connect failed. A modern verdict may be stale (the server was replaced by an older one) and
   * is dropped, so the next connect probes again; a legacy one stays for the runtime's life (a
   * server that crashes on start would otherwise be probed, and started twice, on every retry).
   */
  forgetIfModern(server: McpServerRecord): void {
    if (this.verdicts.get(verdictKey(server))?.kind === 'modern') this.verdicts.delete(verdictKey(server));
  }
}

/**
 * The era probe cost a stdio server its process: some legacy servers (those built on rmcp, the
 * Rust SDK) exit on any request before `initialize`. The connect is then made again, in the legacy era.
 */
export class ProbeCostTheProcessError extends Error {
  constructor(cause: unknown) {
    super('the server exited on the protocol era probe', { cause });
    this.name = 'ProbeCostTheProcessError';
  }
}

/** Whether a connect failed in the era probe itself (not in the handshake that follows it). */
export function failedInProbe(error: unknown, client: Client): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && client.getProtocolEra() === undefined;
}
