/**
 * The real MCP Apps servers from the npm registry (desktop devDependencies) and the hostile fixture,
 * added to an app as stdio servers the way a user would add them.
 */
import { fileURLToPath } from 'node:url';
import type { AppServices } from '../../app/main/index';
import { fixture } from '../mcp/helpers';

export type AppsServerName = 'server-basic-react' | 'server-map' | 'server-system-monitor';

/** The package's launcher (its exports hide package.json, so the path is spelled out). */
export function appsServerEntry(name: AppsServerName): string {
  return fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url));
}

type Caller = { mcp: { add(input: { name: string; type: 'stdio'; command: string; args: string[]; timeoutSec?: number }): Promise<{ id: string }> } };

export async function addAppsServer(caller: Caller, name: AppsServerName): Promise<string> {
  const added = await caller.mcp.add({ name, type: 'stdio', command: process.execPath, args: [appsServerEntry(name), '--stdio'], timeoutSec: 30 });
  return added.id;
}

export async function addHostileServer(caller: Caller, name = 'hostile'): Promise<string> {
  const added = await caller.mcp.add({ name, type: 'stdio', command: process.execPath, args: [fixture('apps-hostile-server.mjs')] });
  return added.id;
}

export const HOSTILE = (name: string) => `ui://hostile/${name}.html`;

/** Services for app tests: no built-in servers (they are not what is tested), no polling. */
export const APPS_TEST_OPTIONS = { builtinServers: false, externalChangePollMs: 0 } satisfies Partial<Parameters<typeof import('../../app/main/index').createAppServices>[0]>;

export type { AppServices };
