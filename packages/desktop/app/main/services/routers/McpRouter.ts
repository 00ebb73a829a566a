import { z } from 'zod';
import {
  type McpServerRecord,
  type McpServerStatus,
  mcpHttpInputSchema,
  mcpServerIdSchema,
  mcpServerInputSchema,
  mcpServerSetEnabledSchema,
  mcpSseInputSchema,
  mcpStdioInputSchema,
  mcpWebSocketInputSchema,
} from '../../../shared/contracts/mcp-types';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

/** The add form's payload: the shared schema, so the form and this router agree field by field. */
export const mcpAddSchema = mcpServerInputSchema;

const id = z.string().min(1);
export const mcpUpdateSchema = z.discriminatedUnion('type', [
  mcpStdioInputSchema.extend({ id }),
  mcpSseInputSchema.extend({ id }),
  mcpHttpInputSchema.extend({ id }),
  mcpWebSocketInputSchema.extend({ id }),
]);

export interface McpServerView extends McpServerRecord {
  status: McpServerStatus;
}

// Live connection state arrives with McpService (issue 3); until then a stored server is
// either disabled or not connected.
function toView(record: McpServerRecord): McpServerView {
  return { ...record, status: record.enabled ? 'disconnected' : 'disabled' };
}

export const mcpRouter = router({
  list: publicProcedure.query(({ ctx }) => ctx.services.mcpServers.list().map(toView)),
  get: publicProcedure.input(mcpServerIdSchema).query(({ ctx, input }) => toView(ctx.services.mcpServers.get(input.id))),
  add: publicProcedure.input(mcpAddSchema).mutation(({ ctx, input }) => toView(ctx.services.mcpServers.add(input))),
  update: publicProcedure.input(mcpUpdateSchema).mutation(({ ctx, input }) => {
    const { id: serverId, ...server } = input;
    return toView(ctx.services.mcpServers.update(serverId, server));
  }),
  setEnabled: publicProcedure
    .input(mcpServerSetEnabledSchema)
    .mutation(({ ctx, input }) => toView(ctx.services.mcpServers.setEnabled(input.id, input.enabled))),
  remove: publicProcedure.input(mcpServerIdSchema).mutation(({ ctx, input }) => {
    ctx.services.mcpServers.remove(input.id);
    return { id: input.id };
  }),
  /** Yields the whole list now and after every change, from this process or another one. */
  onServersChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const _ of changes((listener) => ctx.services.mcpServers.onChange(listener), signal)) {
      yield ctx.services.mcpServers.list().map(toView);
    }
  }),
});
