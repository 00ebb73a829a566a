import { workspaceOpenSchema } from '../../shared/contracts/workspace';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

/** The open workspace (see shared/contracts/workspace.ts): open, close, the recent ones, and its changes. */
export const workspaceRouter = router({
  current: publicProcedure.query(({ ctx }) => ctx.services.workspace.current()),
  /** WORKSPACE_NOT_FOUND (params.path) when the folder does not exist; nothing changes then. */
  open: publicProcedure.input(workspaceOpenSchema).mutation(({ ctx, input }) => ctx.services.workspace.open(input.path)),
  close: publicProcedure.mutation(({ ctx }) => {
    ctx.services.workspace.close();
    return null;
  }),
  recent: publicProcedure.query(({ ctx }) => ctx.services.workspace.recent()),
  /** Yields the workspace now and after an open, a close, an edit of its project file or a trust decision. */
  onChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const _ of changes((listener) => ctx.services.workspace.onChange(listener), signal)) yield ctx.services.workspace.current();
  }),
});
