import { registryAddSchema, registryGetSchema, registrySearchSchema } from '../../shared/contracts/registry';
import { view } from './McpRouter';
import { publicProcedure, router } from './trpc';

/**
 * The MCP Registry browser (Settings → Servers → "Browse the MCP Registry"). The install dialog checks
 * an option's `runtime` (node → npx, uv → uvx) with `mcp.dependencies.check` and installs it with
 * `mcp.dependencies.install`, as the preset dialog does; the package download then runs as the
 * server's first start (mcp/prefetch), like a preset's.
 */
export const registryRouter = router({
  /** One page of the registry's servers (latest versions), or the cached page with `offline: true`. */
  search: publicProcedure.input(registrySearchSchema).query(({ ctx, input }) => ctx.services.registry.search(input)),
  /** One record (a version, or `latest`) with its install options. */
  get: publicProcedure.input(registryGetSchema).query(({ ctx, input }) => ctx.services.registry.get(input)),
  /** Installs one option as a server; VALIDATION names `inputs.<key>` when an answer is missing or wrong. */
  add: publicProcedure.input(registryAddSchema).mutation(async ({ ctx, input }) => view(ctx.services, await ctx.services.registry.add(input))),
});
