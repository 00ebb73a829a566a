import { appsResourceSchema } from '../../shared/contracts/apps';
import { publicProcedure, router } from './trpc';

/**
 * MCP Apps (main/apps/): where the sandbox proxy page is served, an app's checked HTML with its
 * CSP and permissions. Thin: AppsService does the work; errors travel as its codes.
 */
export const appsRouter = router({
  /** The sandbox proxy page's URL and origin (a separate origin from the app's). */
  sandbox: publicProcedure.query(({ ctx }) => ctx.services.apps.sandbox()),
  /** The app's HTML (`resources/read` of its `ui://` URI), checked, with its cleaned CSP and permissions. */
  resource: publicProcedure.input(appsResourceSchema).query(({ ctx, input, signal }) =>
    ctx.services.apps.resources.read(input.serverId, input.uri, signal ? { signal } : {}),
  ),
});
