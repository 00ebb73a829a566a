/**
 * The tool set `elftia mcp tools` works on (the servers it names, or every enabled server, as a
 * chat in 'auto' mode gets them), and the translated report of what a provider format leaves out.
 */
import type { AppErrorData } from '../../../shared/contracts/errors';
import type { McpSkippedItem } from '../../../shared/contracts/mcp-connection';
import type { MCPTool } from '../../../shared/contracts/mcp-tool';
import type { McpServerView } from '../../routers/appRouter';
import { type FormattedTools, MAX_TOOLS, type ProviderFormat, type ToolFormat } from '../../tools';
import { toAppErrorData, type Translate } from '../messages';
import { Interrupted, untilShutdown, UsageError } from './command';
import { describeError, formatTable } from './output';
import { type AppCaller, findByName } from './servers';

export const TOOL_FORMATS: readonly ToolFormat[] = ['mcp', 'openai', 'anthropic', 'google'];

/** `--format`: absent → 'mcp' (the servers' own definitions); anything unknown is a usage error. */
export function parseToolFormat(value: string | undefined): ToolFormat {
  if (value === undefined) return 'mcp';
  if ((TOOL_FORMATS as readonly string[]).includes(value)) return value as ToolFormat;
  throw new UsageError(`--format ${JSON.stringify(value)}: expected one of ${TOOL_FORMATS.join(', ')}`);
}

/** Brand names, the same in every language. */
export const PROVIDER_LABELS: Record<ProviderFormat, string> = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Gemini' };

export interface ServerFailure {
  name: string;
  error: AppErrorData;
}

/** Tools a server listed that Elftia left out (lenientList.ts), as its state reports them. */
export interface SkippedTools {
  server: string;
  items: McpSkippedItem[];
  /** Entries left out of its lists beyond those in `items` (the state carries a bounded list). */
  unlisted: number;
}

export interface ToolSet {
  /** True when the command line named the servers; false for "every enabled server". */
  explicit: boolean;
  servers: McpServerView[];
  /** In server order, each server's tools in the order it listed them. */
  tools: MCPTool[];
  /** Servers that could not be connected (only when not explicit: a named server's failure is thrown). */
  failures: ServerFailure[];
  /** Per server that left tools out, in server order. */
  skipped: SkippedTools[];
}

/** The named servers (by name, ignoring case, each once, in the order given), or every enabled server in configuration order. */
async function selectServers(caller: AppCaller, names: string[]): Promise<McpServerView[]> {
  if (names.length === 0) return (await caller.mcp.list()).filter((view) => view.enabled);
  const views: McpServerView[] = [];
  for (const name of names) {
    const view = await findByName(caller, name);
    if (!views.some((v) => v.id === view.id)) views.push(view);
  }
  return views;
}

/**
 * Connects the selected servers at once (each up to its own timeout) and collects their tools.
 * A server the user named that fails is an error, as before; with no names, a failing server is
 * left out and reported, the way a chat skips a server that is down.
 */
export async function loadToolSet(caller: AppCaller, names: string[], shutdown: AbortSignal): Promise<ToolSet> {
  const explicit = names.length > 0;
  const servers = await selectServers(caller, names);
  const results = await untilShutdown(shutdown, Promise.allSettled(servers.map((view) => caller.mcp.tools({ id: view.id }))));
  // A call cancelled by Ctrl+C settles like any failure; the stop must not read as "server failed".
  if (shutdown.aborted) throw new Interrupted(String(shutdown.reason));
  const tools: MCPTool[] = [];
  const failures: ServerFailure[] = [];
  const listed: McpServerView[] = [];
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      tools.push(...result.value);
      listed.push(servers[i]!);
    } else if (explicit) throw result.reason;
    else failures.push({ name: servers[i]!.name, error: toAppErrorData(result.reason) });
  });
  return { explicit, servers, tools, failures, skipped: await skippedTools(caller, listed) };
}

/** Read after the tools: the state then describes the list those tools came from. */
async function skippedTools(caller: AppCaller, servers: McpServerView[]): Promise<SkippedTools[]> {
  const out: SkippedTools[] = [];
  for (const server of servers) {
    const state = (await caller.mcp.get({ id: server.id })).connection;
    const all = state?.skipped ?? [];
    const items = all.filter((item) => item.kind === 'tool');
    if (items.length > 0) out.push({ server: server.name, items, unlisted: (state?.skippedCount ?? all.length) - all.length });
  }
  return out;
}

/** What a left-out tool is, in the user's language: its name (or that it has none) and why. */
export function skippedText(item: McpSkippedItem, t: Translate): { name: string; reason: string } {
  const name = item.name || t('settings/tools:skipped.unnamed');
  const reason =
    item.reason === 'invalidField' && !item.field ? t('settings/tools:skipped.reason.invalidEntry') : t(`settings/tools:skipped.reason.${item.reason}`, { field: item.field ?? '' });
  return { name, reason };
}

/** One line per left-out tool, then how many more the log has, for stderr. */
export function skippedLines(skipped: SkippedTools[], t: Translate): string[] {
  return skipped.flatMap(({ server, items, unlisted }) => [
    ...items.map((item) => t('cli/messages:tools.skipped', { server, ...skippedText(item, t) })),
    ...(unlisted > 0 ? [t('cli/messages:tools.skippedMore', { server, entries: unlisted })] : []),
  ]);
}

export function failureLines(failures: ServerFailure[], t: Translate): string[] {
  return failures.flatMap(({ name, error }) => {
    const [message = '', ...detail] = describeError(error, t);
    return [t('cli/messages:tools.serverFailed', { name, message }), ...detail];
  });
}

/**
 * formatToolsFor's warnings, in the user's language: a tool listed twice by its server, each tool
 * whose schema could not be repaired (the repair's own reason, technical, stays as is), and one line
 * for the provider's tool cap naming every tool left out.
 */
export function formatWarnings(tools: MCPTool[], formatted: FormattedTools, provider: ProviderFormat, t: Translate): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    const key = `${tool.serverId}\u0000${tool.name}`;
    if (seen.has(key)) lines.push(t('cli/messages:tools.duplicate', { server: tool.serverName, tool: tool.name }));
    seen.add(key);
  }
  const label = PROVIDER_LABELS[provider];
  for (const d of formatted.dropped) {
    if (d.reason === 'unrepairable-schema') lines.push(t('cli/messages:tools.notSent', { server: d.serverName, tool: d.toolName, provider: label, detail: d.detail }));
  }
  const omitted = formatted.dropped.filter((d) => d.reason === 'over-tool-limit');
  if (omitted.length > 0) {
    lines.push(t('cli/messages:tools.overLimit', { provider: label, max: MAX_TOOLS[provider], count: omitted.length, names: omitted.map((d) => d.name).join(', ') }));
  }
  return lines;
}

/** Provider-facing name → server and tool, in the order the definitions are sent. */
export function providerNameTable(formatted: FormattedTools, t: Translate): string {
  const header = [t('cli/messages:columns.name'), t('cli/messages:columns.server'), t('cli/messages:columns.tool')];
  return formatTable(header, [...formatted.nameMap.values()].map((entry) => [entry.name, entry.serverName, entry.toolName]));
}
