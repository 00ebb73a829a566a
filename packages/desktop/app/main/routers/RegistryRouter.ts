import { z } from 'zod';
import type { DependencyCommand } from '../../shared/contracts/dependencies';
import { registryAddSchema, registryGetSchema, registrySearchSchema } from '../../shared/contracts/registry';
import { view } from './McpRouter';
import { publicProcedure, router } from './trpc';

/**
 * The MCP Registry browser (Settings → Servers → "Browse the MCP Registry"). The install dialog checks
 * an option's `runtime` (node → npx, uv → uvx) with `mcp.dependencies.check` and installs it with
 * `mcp.dependencies.install`, as the preset dialog does; the package download then runs as the
 * server's first start (mcp/prefetch), like a preset's.
 */
/** The command an option's runtime provides to its server (what the preset dialog checks for npx and uvx presets). */
const RUNTIME_COMMAND: Record<'node' | 'uv', DependencyCommand> = { node: 'npx', uv: 'uvx' };

export const registryRouter = router({
  /** One page of the registry's servers (latest versions), or the cached page with `offline: true`. */
  search: publicProcedure.input(registrySearchSchema).query(({ ctx, input }) => ctx.services.registry.search(input)),
  /** One record (a version, or `latest`) with its install options. */
  get: publicProcedure.input(registryGetSchema).query(({ ctx, input }) => ctx.services.registry.get(input)),
  /** Installs one option as a server; VALIDATION names `inputs.<key>` when an answer is missing or wrong. */
  /**
   * Whether the runtime an option needs is there (node → npx, uv → uvx): `mcp.dependencies.check` of
   * that command. A missing one is installed with `mcp.dependencies.install`; docker is not installed
   * by Elftia (its options say `dockerMissing` instead).
   */
  checkRuntime: publicProcedure
    .input(z.strictObject({ runtime: z.enum(['node', 'uv']) }))
    .query(({ ctx, input }) => ctx.services.dependencies.check(RUNTIME_COMMAND[input.runtime])),
  add: publicProcedure.input(registryAddSchema).mutation(async ({ ctx, input }) => view(ctx.services, await ctx.services.registry.add(input))),
});
