/**
 * What the user approves of a project server, and its hash: a stdio server's command, arguments,
 * environment (names and values as written, `${input:…}` unresolved) and folder; a remote server's
 * URL. Any change to these asks again; a change elsewhere (timeout, a tool switch) does not.
 */
import crypto from 'node:crypto';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import type { ServerTrustView } from '../../shared/contracts/workspace';

export interface TrustSubject {
  hash: string;
  view: Omit<ServerTrustView, 'trusted'>;
}

/** POSIX-shell quoting, for showing a command line the user can read and paste. */
export function quoteArg(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function commandLineOf(command: string, args: readonly string[]): string {
  return [command, ...args].map(quoteArg).join(' ');
}

export function trustSubject(server: McpServerRecord): TrustSubject {
  const { config } = server;
  if (server.type === 'stdio') {
    const command = config.command ?? '';
    const args = config.args ?? [];
    const env = config.env ?? {};
    const content = { type: 'stdio', command, args, env: Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), cwd: config.cwd ?? null };
    return {
      hash: sha256(content),
      view: { commandLine: commandLineOf(command, args), envNames: Object.keys(env).sort(), ...(config.cwd ? { cwd: config.cwd } : {}) },
    };
  }
  const url = config.url ?? '';
  return { hash: sha256({ type: 'remote', url }), view: { url } };
}

function sha256(value: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
