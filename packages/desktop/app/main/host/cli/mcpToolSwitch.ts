/**
 * `elftia mcp tool disable|enable|allow|ask NAME TOOL`: the per-tool switches of one server. A name
 * being added to a list is checked against the server's tools when the server can be connected (a
 * typo would otherwise turn nothing off); a server that is switched off or cannot be connected takes
 * the name as given, and the command says it was not checked.
 */
import type { McpServerView } from '../../routers/appRouter';
import { AppError } from '../../lib/errors';
import { type CliCommand, COMMON_HELP, type CommandContext, Interrupted, untilShutdown } from './command';
import { jsonLine } from './output';
import { type AppCaller, findByName, openMcpCaller } from './servers';

type Verb = 'disable' | 'enable' | 'allow' | 'ask';

interface VerbSpec {
  list: 'disabledTools' | 'alwaysAllow';
  /** Whether the verb puts the tool on the list. */
  adds: boolean;
  done: string;
  summary: string;
}

const VERBS: Record<Verb, VerbSpec> = {
  disable: { list: 'disabledTools', adds: true, done: 'cli/messages:toolSwitch.disabled', summary: 'Turn one tool of an MCP server off: chats no longer see it' },
  enable: { list: 'disabledTools', adds: false, done: 'cli/messages:toolSwitch.enabled', summary: 'Turn one tool of an MCP server back on' },
  allow: { list: 'alwaysAllow', adds: true, done: 'cli/messages:toolSwitch.allowed', summary: 'Let one tool of an MCP server run without asking' },
  ask: { list: 'alwaysAllow', adds: false, done: 'cli/messages:toolSwitch.asks', summary: 'Make one tool of an MCP server ask before it runs again' },
};

type Checked = { checked: true; tool: string } | { checked: false; why: 'serverOff' | 'notConnected' };

/** The tool as its server names it, or why it could not be checked; TOOL_NOT_FOUND when a connected server has no such tool. */
async function checkTool(ctx: CommandContext, caller: AppCaller, server: McpServerView, tool: string): Promise<Checked> {
  if (!server.enabled) return { checked: false, why: 'serverOff' };
  let names: string[];
  try {
    names = (await untilShutdown(ctx.shutdown, caller.mcp.tools({ id: server.id }))).map((t) => t.name);
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    return { checked: false, why: 'notConnected' };
  }
  const found = names.find((name) => name === tool) ?? names.find((name) => name.toLowerCase() === tool.toLowerCase());
  if (found === undefined) throw new AppError('TOOL_NOT_FOUND', { params: { tool, server: server.name } });
  return { checked: true, tool: found };
}

function run(verb: Verb) {
  const spec = VERBS[verb];
  return async (ctx: CommandContext): Promise<number> => {
    const [name = '', given = ''] = ctx.positionals;
    const caller = await openMcpCaller(ctx);
    const server = await findByName(caller, name);
    // Taking a name off a list needs no check: the server may no longer have that tool at all.
    const listed = server[spec.list].includes(given);
    const checked: Checked = listed || !spec.adds ? { checked: true, tool: given } : await checkTool(ctx, caller, server, given);
    const tool = checked.checked ? checked.tool : given;
    const updated =
      spec.list === 'disabledTools'
        ? await caller.mcp.setToolEnabled({ id: server.id, tool, enabled: !spec.adds })
        : await caller.mcp.setToolAlwaysAllow({ id: server.id, tool, alwaysAllow: spec.adds });
    if (!checked.checked) ctx.io.stderr(`${ctx.t(`cli/messages:toolSwitch.${checked.why}`, { name: updated.name, tool })}\n`);
    ctx.io.stdout(ctx.json ? jsonLine(updated) : `${ctx.t(spec.done, { name: updated.name, tool })}\n`);
    return 0;
  };
}

function toolSwitchCommand(verb: Verb): CliCommand {
  return {
    path: `mcp tool ${verb}`,
    summary: VERBS[verb].summary,
    help: `Usage:
  elftia mcp tool ${verb} NAME TOOL

NAME is the server, matched ignoring case; TOOL is the tool's name on that server, as
"elftia mcp tools NAME" lists it.

  disable  Hides the tool from every chat: its definition is not sent to the model, use_mcp_tool
           refuses it and search_tools does not find it. "elftia mcp tools NAME" marks it "off".
  enable   Turns it back on.
  allow    Runs it without asking for approval, like answering "Always allow" in a chat.
  ask      Asks again before each call. A grant given by answering "Always allow" in a chat
           is kept apart and revoked in Settings.

A tool being disabled or allowed is checked against the server's tools, which starts the server
(up to its timeout); a server that is switched off or cannot be connected takes the name as
given, and stderr says it was not checked. With --json, stdout is the updated server.

${COMMON_HELP}`,
    options: {},
    positionals: ['NAME', 'TOOL'],
    run: run(verb),
  };
}

export const mcpToolDisableCommand = toolSwitchCommand('disable');
export const mcpToolEnableCommand = toolSwitchCommand('enable');
export const mcpToolAllowCommand = toolSwitchCommand('allow');
export const mcpToolAskCommand = toolSwitchCommand('ask');
