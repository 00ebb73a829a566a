import { z } from 'zod';
import { completeSchema, promptGetSchema, resourceReadSchema, resourceSubscribeSchema, type McpServerCatalog, type ResourceUpdateEvent } from '../../shared/contracts/mcp-resources';
import { idString } from '../../shared/contracts/mcp-types';
import { promptRunView, promptView, readView, resourceView, templateView } from '../mcp/catalogViews';
import { pushIterator } from '../lib/pushIterator';
import { publicProcedure, router } from './trpc';

const serverIdSchema = z.strictObject({ id: idString });
const updatesSchema = z.strictObject({ id: idString.optional() }).optional();

/** Most suggestions handed to a form at once; the spec caps a completion at 100 values. */
const COMPLETION_VALUES_MAX = 100;
/** Updates waiting for a slow reader; past it the oldest are dropped (a marker, not a log). */
const UPDATES_MAX_BUFFERED = 256;

/**
 * A server's resources and prompts for the app: browse, read (bounded like an attachment), complete
 * template variables and prompt arguments, subscribe to resource updates, run a prompt. Thin: the
 * requests are McpService's, under its timeout policy; errors travel as its codes.
 */
export const resourcesRouter = router({
  /** The server's resources, templates and prompts (from the connection's cache), and whether it takes subscriptions and completions. */
  catalog: publicProcedure.input(serverIdSchema).query(async ({ ctx, input }): Promise<McpServerCatalog> => {
    const mcp = ctx.services.mcp;
    const [resources, templates, prompts, features] = await Promise.all([
      mcp.listResources(input.id),
      mcp.listResourceTemplates(input.id),
      mcp.listPrompts(input.id),
      mcp.resourceFeatures(input.id),
    ]);
    return { resources: resources.map(resourceView), templates: templates.map(templateView), prompts: prompts.map(promptView), ...features };
  }),
  read: publicProcedure.input(resourceReadSchema).query(async ({ ctx, input, signal }) =>
    readView(await ctx.services.mcp.readResource(input.id, input.uri, signal ? { signal } : {})),
  ),
  complete: publicProcedure.input(completeSchema).query(async ({ ctx, input, signal }) => {
    const params = { ref: input.ref, argument: input.argument, ...(input.context ? { context: { arguments: input.context } } : {}) };
    const { completion } = await ctx.services.mcp.complete(input.id, params, signal ? { signal } : {});
    const values = completion.values.filter((value): value is string => typeof value === 'string').slice(0, COMPLETION_VALUES_MAX);
    return { values, hasMore: completion.hasMore === true || completion.values.length > values.length };
  }),
  subscribe: publicProcedure.input(resourceSubscribeSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.mcp.subscribeResource(input.id, input.uri);
  }),
  unsubscribe: publicProcedure.input(resourceSubscribeSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.mcp.unsubscribeResource(input.id, input.uri);
  }),
  /** Yields each `notifications/resources/updated` (of one server, or every server) as it arrives. */
  onUpdated: publicProcedure.input(updatesSchema).subscription(({ ctx, input, signal }) =>
    pushIterator<ResourceUpdateEvent>(
      (sink) =>
        ctx.services.mcp.onResourceUpdated((update) => {
          if (input?.id === undefined || update.serverId === input.id) sink.push(update);
        }),
      { signal, maxBuffered: UPDATES_MAX_BUFFERED, onOverflow: 'drop-oldest' },
    ),
  ),
  /** Runs `prompts/get` with the filled-in arguments; answers its messages as composer parts. */
  getPrompt: publicProcedure.input(promptGetSchema).mutation(async ({ ctx, input, signal }) =>
    promptRunView(await ctx.services.mcp.getPrompt(input.id, input.name, input.arguments, signal ? { signal } : {})),
  ),
});
