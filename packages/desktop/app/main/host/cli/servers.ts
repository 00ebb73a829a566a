import { AppError } from '../../lib/errors';
import { findNamed } from '../../lib/uniqueNames';
import { createAppCaller, type McpServerView } from '../../routers/appRouter';
import type { AppServices } from '../../index';
import type { CommandContext } from './command';

export type AppCaller = ReturnType<typeof createAppCaller>;

/** A caller for commands that only read and write configuration. */
export function openCaller(ctx: CommandContext, options?: Parameters<CommandContext['openServices']>[0]): AppCaller {
  return createAppCaller({ services: ctx.openServices(options) });
}

/**
 * A caller for commands that start servers. Leftovers of a crashed run are reaped before anything
 * connects, and every request carries the Ctrl+C signal, so an interrupted call is cancelled on
 * the wire (`notifications/cancelled`) rather than abandoned.
 */
export async function openMcpCaller(ctx: CommandContext, options: { services?: AppServices } = {}): Promise<AppCaller> {
  const services = options.services ?? ctx.openServices();
  await services.start();
  return createAppCaller({ services }, { signal: ctx.shutdown });
}

/**
 * The CLI addresses servers by name, ignoring case, the same way names are kept unique. For commands
 * that change a stored server (remove, enable, disable): the global one first, where a project server
 * of the workspace has the same name.
 */
export async function findByName(caller: AppCaller, name: string): Promise<McpServerView> {
  const views = await caller.mcp.list();
  const view = findNamed(views.filter((v) => v.origin?.kind !== 'project'), name) ?? findNamed(views, name);
  if (!view) throw new AppError('NOT_FOUND', { params: { id: name } });
  return view;
}

/**
 * For commands that read or use a server (status, call, logs): a configured server by name, else
 * one of Elftia's built-in servers (clock-math, files), which no command may change.
 */
export async function findServerOrBuiltin(caller: AppCaller, name: string): Promise<McpServerView> {
  // The server that runs under this name: a project server rather than the global one it hides.
  const views = await caller.mcp.list();
  const configured = findNamed(views.filter((v) => !v.overriddenBy), name) ?? findNamed(views, name);
  if (configured) return configured;
  const builtin = findNamed(await caller.mcp.builtins(), name);
  if (!builtin) throw new AppError('NOT_FOUND', { params: { id: name } });
  return builtin;
}
