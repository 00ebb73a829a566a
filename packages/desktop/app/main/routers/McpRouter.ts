import crypto from 'node:crypto';
import { z } from 'zod';
import { isBuiltinServerId } from '../../shared/contracts/builtin-servers';
import type { McpServerState } from '../../shared/contracts/mcp-connection';
import { boundedRecord, ID_MAX_LENGTH, PRESET_INPUT_MAX_LENGTH, PRESET_INPUTS_MAX_ENTRIES, TOOL_ARGUMENTS_MAX_ENTRIES } from '../../shared/contracts/limits';
import {
  idString,
  MCP_TIMEOUT_MAX_SEC,
  MCP_TIMEOUT_MIN_SEC,
  type McpServerRecord,
  type McpServerStatus,
  mcpHttpInputSchema,
  mcpServerIdSchema,
  mcpServerInputSchema,
  mcpServerSetEnabledSchema,
  mcpSetToolAlwaysAllowSchema,
  mcpSetLogLevelSchema,
  mcpSetToolEnabledSchema,
  mcpSseInputSchema,
  mcpStdioInputSchema,
  mcpWebSocketInputSchema,
} from '../../shared/contracts/mcp-types';
import { maskServerRecord } from '../../shared/contracts/secrets';
import { exportSchema, importApplySchema, importPreviewSchema, importSourceSchema } from '../../shared/contracts/mcp-import';
import { type ServerOriginFields, isProjectServerId, serverIdInputSchema } from '../../shared/contracts/workspace';
import { secretInputIdInputSchema, secretInputSetSchema } from '../../shared/contracts/secret-inputs';
import { apiKeyString } from '../../shared/contracts/providers';
import { dependenciesRouter } from './DependenciesRouter';
import { oauthRouter } from './OAuthRouter';
import { copyToGlobal, copyToProject } from './projectCopies';
import { SharedFeed } from './sharedFeed';
import { changes } from './subscriptions';
import { type AppContext, publicProcedure, router } from './trpc';

/** The add form's payload: the shared schema, so the form and this router agree field by field. */
export const mcpAddSchema = mcpServerInputSchema;

const id = idString;
export const mcpUpdateSchema = z.discriminatedUnion('type', [
  mcpStdioInputSchema.extend({ id }),
  mcpSseInputSchema.extend({ id }),
  mcpHttpInputSchema.extend({ id }),
  mcpWebSocketInputSchema.extend({ id }),
]);

export interface McpServerView extends McpServerRecord, Partial<ServerOriginFields> {
  status: McpServerStatus;
  /** The live connection: state, last error, server info, tool count, consecutive errors. */
  connection?: McpServerState;
  /** One of Elftia's own servers (`builtin:…`, McpService's system servers): never edited, switched off or deleted. */
  builtin?: true;
  /**
   * While connected and some tool is turned off: how many of the tools it lists are on
   * (`disabledTools` may name tools it no longer lists).
   */
  enabledToolCount?: number;
}

/**
 * What the renderer and the CLI see of a server: its secrets masked (maskServerRecord). They are
 * write-only: an update that sends a masked value back keeps the stored one.
 */
function toView(record: McpServerRecord, origin: ServerOriginFields, connection?: McpServerState, toolNames?: string[]): McpServerView {
  const status: McpServerStatus = !record.enabled ? 'disabled' : (connection?.status ?? 'disconnected');
  const masked = maskServerRecord(record);
  const builtin = isBuiltinServerId(record.id) ? { builtin: true as const } : {};
  // Only when some tool is off, so a view without switches reads as before.
  const enabled = toolNames && record.disabledTools.length > 0 ? { enabledToolCount: toolNames.filter((name) => !record.disabledTools.includes(name)).length } : {};
  return connection ? { ...masked, ...origin, status, connection, ...builtin, ...enabled } : { ...masked, ...origin, status, ...builtin };
}

/**
 * Where a server comes from: global (stored), built-in, or the open workspace's project file (with
 * its trust); which global server a project server hides, and by which.
 */
function originOf(services: AppContext['services'], record: McpServerRecord): ServerOriginFields {
  if (isBuiltinServerId(record.id)) return { origin: { kind: 'builtin' } };
  const workspace = services.workspace;
  const { hiddenBy } = workspace.merge(services.mcpServers.list());
  if (isProjectServerId(record.id)) {
    const current = workspace.current();
    const overrides = [...hiddenBy].find(([, by]) => by === record.id)?.[0];
    return {
      origin: { kind: 'project', workspace: current?.path ?? '', file: current?.projectFile ?? '' },
      ...(overrides ? { overrides } : {}),
      trust: workspace.trustView(record),
    };
  }
  const overriddenBy = hiddenBy.get(record.id);
  return { origin: { kind: 'global' }, ...(overriddenBy ? { overriddenBy } : {}) };
}

/** The configured servers (a hidden one marked overriddenBy), then the open workspace's project servers. */
async function listViews(services: AppContext['services']): Promise<McpServerView[]> {
  const states = new Map((await services.mcp.listStates()).map((state) => [state.serverId, state]));
  const records = [...services.mcpServers.list(), ...services.workspace.projectServers()];
  return records.map((record) => toView(record, originOf(services, record), states.get(record.id), services.mcp.cachedToolNames(record.id)));
}

/** The built-in servers running now (clock-math; files once a folder is chosen), with their live state. */
async function builtinViews(services: AppContext['services']): Promise<McpServerView[]> {
  return Promise.all(services.mcp.systemServers().map((record) => view(services, record)));
}

/** A configured, built-in or project server; NOT_FOUND for none. */
function recordOf(services: AppContext['services'], serverId: string): McpServerRecord {
  return (
    services.mcp.systemServers().find((record) => record.id === serverId) ??
    services.workspace.findProjectServer(serverId) ??
    services.mcpServers.get(serverId)
  );
}

/** A stored server as the renderer and the CLI see it (also what `registry.add` answers). */
export async function view(services: AppContext['services'], record: McpServerRecord): Promise<McpServerView> {
  // A hidden global server is not McpService's: its state would be looked up as unknown.
  const state = services.workspace.merge(services.mcpServers.list()).hiddenBy.has(record.id) ? undefined : await services.mcp.getState(record.id);
  return toView(record, originOf(services, record), state, services.mcp.cachedToolNames(record.id));
}

/** Config changes and connection changes (state, tools, removal) — not log lines. */
function onServersOrConnections(services: AppContext['services']) {
  return (listener: () => void) => {
    const offConfig = services.mcpServers.onChange(listener);
    const offWorkspace = services.workspace.onChange(listener);
    const offMcp = services.mcp.onEvent((event) => {
      if (event.type !== 'log') listener();
    });
    return () => {
      offConfig();
      offWorkspace();
      offMcp();
    };
  };
}

/** One server list per change for every subscriber of a runtime (see SharedFeed). */
const serverListFeeds = new WeakMap<AppContext['services'], SharedFeed<McpServerView[]>>();

function serverListFeed(services: AppContext['services']): SharedFeed<McpServerView[]> {
  let feed = serverListFeeds.get(services);
  if (!feed) {
    feed = new SharedFeed(onServersOrConnections(services), () => listViews(services));
    serverListFeeds.set(services, feed);
  }
  return feed;
}

/** Connection changes and settings changes (the files folder decides whether `files` runs). */
function onBuiltinsOrConnections(services: AppContext['services']) {
  return (listener: () => void) => {
    const offSettings = services.settings.onChange(listener);
    const offMcp = services.mcp.onEvent((event) => {
      if (event.type !== 'log') listener();
    });
    return () => {
      offSettings();
      offMcp();
    };
  };
}

const builtinListFeeds = new WeakMap<AppContext['services'], SharedFeed<McpServerView[]>>();

function builtinListFeed(services: AppContext['services']): SharedFeed<McpServerView[]> {
  let feed = builtinListFeeds.get(services);
  if (!feed) {
    feed = new SharedFeed(onBuiltinsOrConnections(services), () => builtinViews(services));
    builtinListFeeds.set(services, feed);
  }
  return feed;
}

export const mcpCallToolSchema = z.strictObject({
  id: idString,
  tool: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }),
  arguments: boundedRecord(z.string().max(ID_MAX_LENGTH, { error: 'tooLong' }), z.unknown(), TOOL_ARGUMENTS_MAX_ENTRIES).default({}),
  /** Overrides the server's timeout for this call, in seconds. */
  timeoutSec: z
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .min(MCP_TIMEOUT_MIN_SEC, { error: 'timeoutRange' })
    .max(MCP_TIMEOUT_MAX_SEC, { error: 'timeoutRange' })
    .optional(),
});

export const mcpAddPresetSchema = z.strictObject({
  presetId: idString,
  apiKey: apiKeyString.optional(),
  inputs: boundedRecord(
    z.string().max(ID_MAX_LENGTH, { error: 'tooLong' }),
    z.string().max(PRESET_INPUT_MAX_LENGTH, { error: 'tooLong' }),
    PRESET_INPUTS_MAX_ENTRIES,
  ).default({}),
});

const presetsRouter = router({
  /** The preset list: each preset, whether it is configured, and which provider would lend its key. */
  list: publicProcedure.query(({ ctx }) => ctx.services.presets.list()),
  /** Adds a preset as a server; VALIDATION names `apiKey` or `inputs.<key>` when an answer is missing. */
  add: publicProcedure.input(mcpAddPresetSchema).mutation(({ ctx, input }) => view(ctx.services, ctx.services.presets.add(input))),
});

export const mcpRouter = router({
  presets: presetsRouter,
  dependencies: dependenciesRouter,
  auth: oauthRouter,
  list: publicProcedure.query(({ ctx }) => listViews(ctx.services)),
  /**
   * Elftia's own servers that run now (clock-math; files once a folder is chosen), as views like the
   * configured ones' (`builtin: true`): live status, last error, tool count. Not part of `list`, which
   * is what the user configured (and what a conversation's server picker offers).
   */
  builtins: publicProcedure.query(({ ctx }) => builtinViews(ctx.services)),
  /** Yields the built-in servers now and after every connection change or settings change. */
  onBuiltinsChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    const feed = builtinListFeed(ctx.services);
    for await (const _ of changes((listener) => feed.subscribe(listener), signal)) yield await feed.current();
  }),
  get: publicProcedure.input(mcpServerIdSchema).query(({ ctx, input }) => view(ctx.services, recordOf(ctx.services, input.id))),
  add: publicProcedure.input(mcpAddSchema).mutation(async ({ ctx, input }) =>
    view(ctx.services, ctx.services.mcpServers.add(await ctx.services.mcpEnvironment.resolveCopies(input))),
  ),
  update: publicProcedure.input(mcpUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id: serverId, ...server } = input;
    return view(ctx.services, ctx.services.mcpServers.update(serverId, await ctx.services.mcpEnvironment.resolveCopies(server)));
  }),
  /** What importing this config text would add, rename or skip, and its errors; changes nothing. */
  importPreview: publicProcedure.input(importPreviewSchema).query(({ ctx, input }) => ctx.services.imports.preview(input.text, input.skip)),
  /** Adds every server the preview plans in one transaction, or none; returns what was added. */
  importApply: publicProcedure.input(importApplySchema).mutation(async ({ ctx, input }) => {
    const result = ctx.services.imports.apply(input.text, input.skip);
    return { added: await Promise.all(result.added.map((record) => view(ctx.services, record))), preview: result.preview };
  }),
  /** The other apps' MCP config files that exist on this machine (Claude Desktop, Cursor, …). */
  importSources: publicProcedure.query(({ ctx }) => ctx.services.imports.sources()),
  /** The text of one of those files, by app, for the import preview. */
  importSourceText: publicProcedure.input(importSourceSchema).query(({ ctx, input }) => ({ text: ctx.services.imports.readSource(input.id) })),
  /** The servers (all, or `ids`) as `mcpServers` JSON; secrets become `${input:…}` unless includeSecrets. */
  exportServers: publicProcedure.input(exportSchema).query(({ ctx, input }) => ({ text: ctx.services.imports.export(input) })),
  /** The names (never values) of the variables a stdio server is started with, and where each comes from. */
  envNames: publicProcedure.input(mcpServerIdSchema).query(({ ctx, input }) => ctx.services.mcpEnvironment.describe(recordOf(ctx.services, input.id))),
  /** The names of the app's own environment variables, for the form's "copy from my environment". */
  appEnvNames: publicProcedure.query(({ ctx }) => ctx.services.mcpEnvironment.appNames()),
  setEnabled: publicProcedure
    .input(mcpServerSetEnabledSchema)
    .mutation(({ ctx, input }) => view(ctx.services, ctx.services.mcpServers.setEnabled(input.id, input.enabled))),
  /** Shows or hides one tool from the model, use_mcp_tool and search_tools. */
  setToolEnabled: publicProcedure
    .input(mcpSetToolEnabledSchema)
    .mutation(({ ctx, input }) => view(ctx.services, ctx.services.mcpServers.setToolEnabled(input.id, input.tool, input.enabled))),
  /** Lets one tool run without asking (alwaysAllow), or makes it ask again. */
  setToolAlwaysAllow: publicProcedure
    .input(mcpSetToolAlwaysAllowSchema)
    .mutation(({ ctx, input }) => view(ctx.services, ctx.services.mcpServers.setToolAlwaysAllow(input.id, input.tool, input.alwaysAllow))),
  remove: publicProcedure.input(mcpServerIdSchema).mutation(({ ctx, input }) => {
    ctx.services.mcpServers.remove(input.id);
    return { id: input.id };
  }),
  /** Yields the whole list now and after every change of configuration (from any process) or connection. */
  onServersChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    const feed = serverListFeed(ctx.services);
    for await (const _ of changes((listener) => feed.subscribe(listener), signal)) yield await feed.current();
  }),
  /** `${input:id}` values: listed without their values; entering one restarts the servers that wait for it. */
  inputs: publicProcedure.query(({ ctx }) => ctx.services.secretInputs.list()),
  setInput: publicProcedure.input(secretInputSetSchema).mutation(({ ctx, input }) => {
    ctx.services.secretInputs.set(input.id, input.value);
  }),
  clearInput: publicProcedure.input(secretInputIdInputSchema).mutation(({ ctx, input }) => ({ cleared: ctx.services.secretInputs.clear(input.id) })),
  restart: publicProcedure.input(mcpServerIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.mcp.restart(recordOf(ctx.services, input.id).id);
    return view(ctx.services, recordOf(ctx.services, input.id));
  }),
  /** The server's tools as it reported them (raw MCP), from the connection's cache. */
  tools: publicProcedure.input(mcpServerIdSchema).query(({ ctx, input }) => ctx.services.mcp.listServerTools(input.id)),
  logs: publicProcedure.input(mcpServerIdSchema).query(({ ctx, input }) => ctx.services.mcp.getLogs(input.id)),
  /** The logging level the server is asked for (`logging/setLevel`); `info` until changed. */
  logLevel: publicProcedure.input(mcpServerIdSchema).query(({ ctx, input }) => ({ level: ctx.services.mcp.getLogLevel(input.id) })),
  /** Keeps the level and sends it to the server at once when it is connected and offers logging. */
  setLogLevel: publicProcedure.input(mcpSetLogLevelSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.mcp.setLogLevel(input.id, input.level);
    return { level: input.level };
  }),
  /** Yields the server's log (bounded, secrets redacted) now, then the lines added since, as they come. */
  onLogs: publicProcedure.input(mcpServerIdSchema).subscription(async function* ({ ctx, input, signal }) {
    const subscribe = (listener: () => void) =>
      ctx.services.mcp.onEvent((event) => {
        if (event.type === 'log' && event.serverId === input.id) listener();
      });
    let lastSeq: number | undefined;
    for await (const _ of changes(subscribe, signal)) {
      const update = ctx.services.mcp.getLogUpdate(input.id, lastSeq);
      lastSeq = update.entries.at(-1)?.seq ?? lastSeq;
      if (update.kind === 'snapshot' || update.entries.length > 0) yield update;
    }
  }),
  /** Approves a project server in its current form (command line, env, folder; or URL): it starts. */
  trust: publicProcedure.input(serverIdInputSchema).mutation(({ ctx, input }) => view(ctx.services, ctx.services.workspace.trust(input.id))),
  /** Withdraws the approval: the server stops and waits for approval again. */
  untrust: publicProcedure.input(serverIdInputSchema).mutation(({ ctx, input }) => view(ctx.services, ctx.services.workspace.untrust(input.id))),
  /** Stores a project server as a global one (a new name when the name is taken); returns the new server. */
  copyToGlobal: publicProcedure.input(serverIdInputSchema).mutation(({ ctx, input }) => view(ctx.services, copyToGlobal(ctx.services, input.id))),
  /** Writes a global server into the open workspace's project file (replacing an entry of the same name); returns the project server. */
  copyToProject: publicProcedure
    .input(serverIdInputSchema)
    .mutation(async ({ ctx, input }) => view(ctx.services, await copyToProject(ctx.services, input.id))),
  callTool: publicProcedure.input(mcpCallToolSchema).mutation(({ ctx, input, signal }) =>
    ctx.services.mcp.callTool(input.id, input.tool, input.arguments, crypto.randomUUID(), {
      ...(signal ? { signal } : {}),
      ...(input.timeoutSec ? { timeoutMs: input.timeoutSec * 1000 } : {}),
    }),
  ),
});
