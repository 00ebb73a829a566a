/**
 * Secret references for the composition root: the `${input:id}` store, and the one resolveServer
 * that fills in a server's borrowed provider keys (keyRefs.ts) and its `${env:}`/`${input:}`
 * references (secretRefs.ts) right before it starts.
 */
import type { Db } from './db/database';
import { SecretInputRepository } from './db/SecretInputRepository';
import type { SecretStore } from './db/SecretStore';
import { type KeyLender, resolveKeyRefs } from './mcp/keyRefs';
import type { McpServerConfigService } from './mcp/McpServerConfigService';
import type { McpService } from './mcp/McpService';
import { inputIdsOf, resolveSecretRefs } from './mcp/secretRefs';
import type { ServerEnvironment } from './mcp/ServerEnvironment';
import { SecretInputService } from './secrets/SecretInputService';
import type { McpServerRecord } from '../shared/contracts/mcp-types';

export function createSecretInputs(db: Db, secretStore: SecretStore, servers: McpServerConfigService): SecretInputService {
  return new SecretInputService({
    repository: new SecretInputRepository(db, secretStore),
    references: () => {
      const byId = new Map<string, string[]>();
      for (const server of servers.list()) for (const id of inputIdsOf(server.config)) byId.set(id, [...(byId.get(id) ?? []), server.name]);
      return byId;
    },
  });
}

/**
 * The server as it is started: references first, then borrowed keys, so a provider's key is never
 * read as a reference (one pass each: a filled-in value is not parsed again either).
 */
export async function startableServer(
  server: McpServerRecord,
  deps: { lender: (id: string) => KeyLender | undefined; environment: () => ServerEnvironment; inputs: SecretInputService },
): Promise<McpServerRecord> {
  const env = await deps.environment().appLookup();
  const withRefs = resolveSecretRefs(server, { env, input: (id) => deps.inputs.value(id), describeInput: (id) => deps.inputs.definition(id) });
  return resolveKeyRefs(withRefs, deps.lender);
}

/**
 * A value entered or cleared restarts the running (or failed) servers that reference it; one the
 * pool never started (a one-shot CLI command) stays as it is.
 */
export function restartOnInputChange(inputs: SecretInputService, servers: McpServerConfigService, mcp: McpService): () => void {
  return inputs.onChange((id) => {
    void Promise.allSettled(
      servers
        .list()
        .filter((server) => server.enabled && inputIdsOf(server.config).includes(id))
        .map(async (server) => {
          if ((await mcp.getState(server.id)) === undefined) return;
          await mcp.restart(server.id);
        }),
    );
  });
}
