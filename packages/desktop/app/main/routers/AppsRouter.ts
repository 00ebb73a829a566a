import { appsCallToolSchema, appsResourceSchema, appsUpdateContextSchema } from '../../shared/contracts/apps';
import { publicProcedure, router } from './trpc';

/**
 * MCP Apps (main/apps/): where the sandbox proxy page is served, an app's checked HTML with its
 * CSP and permissions, an app's tool calls, the context it gives the model. Thin: AppsService does
 * the work; errors travel as its codes.
 */
export const appsRouter = router({
  /** The sandbox proxy page's URL and origin (a separate origin from the app's). */
  sandbox: publicProcedure.query(({ ctx }) => ctx.services.apps.sandbox()),
  /** The app's HTML (`resources/read` of its `ui://` URI), checked, with its cleaned CSP and permissions. */
  resource: publicProcedure.input(appsResourceSchema).query(({ ctx, input, signal }) =>
    ctx.services.apps.resources.read(input.serverId, input.uri, signal ? { signal } : {}),
  ),
  /**
   * An app's `tools/call`: APP_TOOL_NOT_ALLOWED unless the tool is on the app's server, switched on
   * and callable by apps; then the model's approval gate (the prompt shows in the app's card) and
   * the call. Stopping the request (its signal) cancels the prompt or the call.
   */
  callTool: publicProcedure.input(appsCallToolSchema).mutation(({ ctx, input, signal }) => ctx.services.apps.callTool(input, signal ?? new AbortController().signal)),
  /** `ui/update-model-context`: the app's latest context, sent to the model with the conversation's next turns; empty clears it. */
  updateContext: publicProcedure.input(appsUpdateContextSchema).mutation(({ ctx, input }) => {
    ctx.services.apps.context.update(input);
  }),
});
