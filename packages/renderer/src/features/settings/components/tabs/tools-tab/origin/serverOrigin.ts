/**
 * Where a server in Settings → Servers comes from (shared/contracts/workspace.ts): the global list,
 * Elftia itself, or the open workspace's project file; whether a project server waits for the
 * user's approval; and which project server hides a global one. Pure, so each case is tested as a table.
 */
import type { McpServerView } from '@elftia/desktop/router';
import type { ServerOrigin, ServerTrustView } from '@elftia/desktop/shared/contracts/workspace.ts';

/** A server view; one without `origin` (an older host) is a global or built-in one. */
export type OriginView = McpServerView;

export function originOf(server: OriginView): ServerOrigin {
  return server.origin ?? (server.builtin ? { kind: 'builtin' } : { kind: 'global' });
}

export function isProjectServer(server: OriginView): boolean {
  return originOf(server).kind === 'project';
}

/**
 * A project server that is switched on but not approved in its current form: nothing of it runs
 * until the user trusts it. The router says so twice (trust.trusted and the connection's
 * WORKSPACE_TRUST_REQUIRED); either is enough.
 */
export function needsApproval(server: OriginView): boolean {
  if (!isProjectServer(server) || server.status === 'disabled') return false;
  if (server.trust) return !server.trust.trusted;
  return server.connection?.lastError?.code === 'WORKSPACE_TRUST_REQUIRED';
}

/**
 * What the user approves: the trust view, else what the connection's WORKSPACE_TRUST_REQUIRED
 * named (`envNames` comma-separated there).
 */
export function trustSubject(server: OriginView): ServerTrustView {
  if (server.trust) return server.trust;
  const params = server.connection?.lastError?.params ?? {};
  const text = (key: string) => (params[key] === undefined || params[key] === '' ? undefined : String(params[key]));
  const envNames = text('envNames')?.split(',').map((name) => name.trim()).filter(Boolean);
  return {
    trusted: false,
    ...(text('commandLine') !== undefined && { commandLine: text('commandLine') }),
    ...(envNames && { envNames }),
    ...(text('url') !== undefined && { url: text('url') }),
  };
}

/** The name of the project server that hides this global one, when one does. */
export function overriddenByName(server: OriginView, servers: readonly OriginView[]): string | undefined {
  if (!server.overriddenBy) return undefined;
  return servers.find((other) => other.id === server.overriddenBy)?.name ?? server.name;
}

/** Which copy a server offers: a project server to the global list; a global one into the open workspace's file. */
export function copyTarget(server: OriginView, workspaceOpen: boolean): 'global' | 'project' | undefined {
  switch (originOf(server).kind) {
    case 'project':
      return 'global';
    case 'global':
      return workspaceOpen ? 'project' : undefined;
    case 'builtin':
      return undefined;
  }
}
