/**
 * `elftia chat`: one turn through the app's own chat engine (AppServices.chatEngine: the same tools,
 * built-in servers included, timeouts and policy), printed as a transcript. The
 * provider exists only for this run (built from the flags); no conversation is stored, so scripted
 * runs do not fill the app's conversation list. An "always" answered at the prompt is stored like
 * one given in the app.
 */
import { Readable } from 'node:stream';
import type { ChatMessage, ToolMode } from '../../../shared/contracts/chat';
import { nameKey } from '../../../shared/contracts/names';
import { AppError } from '../../lib/errors';
import type { AppServices } from '../../index';
import type { ApprovalGate } from '../../engine/engineTypes';
import { AutoApprovalGate } from '../../approvals/AutoApprovalGate';
import { TurnTranscript } from '../../chat/TurnTranscript';
import { errorMessage, toAppErrorData } from '../messages';
import { LineReader, TerminalApprovalGate } from './chatApproval';
import { type ChatRequest, parseChatRequest } from './chatOptions';
import { TranscriptPrinter } from './chatOutput';
import { type CliCommand, COMMON_HELP, type CommandContext, Interrupted, untilShutdown } from './command';
import { jsonLine } from './output';
import { followInteractions, openInteractiveServices } from './cliInteractions';

/** The conversation id the engine and approval requests see; nothing is stored under it. */
const CLI_CONVERSATION = 'cli';

interface ToolScope {
  toolMode: ToolMode;
  selectedServerIds: string[];
}

/**
 * Named servers (manual mode) must exist and connect, or the command fails; with none named, every
 * enabled server is connected ('auto', which offers the tools of connected servers) and one that
 * fails is reported and left out.
 */
async function connectServers(ctx: CommandContext, services: AppServices, names: string[]): Promise<ToolScope> {
  // The configured servers and the workspace's project servers (a project one hiding a global one of its name).
  const records = services.workspace.merge(services.mcpServers.list()).servers;
  if (names.length > 0) {
    const ids = names.map((name) => {
      const record = records.find((r) => nameKey(r.name) === nameKey(name));
      if (!record) throw new AppError('NOT_FOUND', { params: { id: name } });
      return record.id;
    });
    const unique = [...new Set(ids)];
    await untilShutdown(ctx.shutdown, Promise.all(unique.map((id) => services.mcp.connect(id))));
    return { toolMode: 'manual', selectedServerIds: unique };
  }
  const enabled = records.filter((r) => r.enabled);
  const outcomes = await untilShutdown(ctx.shutdown, Promise.allSettled(enabled.map((r) => services.mcp.connect(r.id))));
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') return;
    const failed = toAppErrorData(outcome.reason);
    const message = errorMessage(ctx.t, failed.code, failed.params);
    ctx.io.stderr(`${ctx.t('cli/messages:tools.serverFailed', { name: enabled[index]?.name ?? '', message })}\n`);
  });
  return { toolMode: 'auto', selectedServerIds: [] };
}

function approvalGate(ctx: CommandContext, services: AppServices, request: ChatRequest): { gate: ApprovalGate; lines?: LineReader; close(): void } {
  if (request.approve !== 'ask') return { gate: new AutoApprovalGate(request.approve), close: () => {} };
  // Without a stdin (an embedding that gave none) every question meets the end of input: deny.
  const lines = new LineReader(ctx.io.stdin ?? Readable.from([]));
  return { gate: new TerminalApprovalGate(services.approvals, lines, ctx.io.stderr, ctx.t), lines, close: () => lines.close() };
}

async function run(ctx: CommandContext): Promise<number> {
  const request = parseChatRequest(ctx.values, ctx.io.env);
  const services = openInteractiveServices(ctx);
  await services.start();
  const scope = await connectServers(ctx, services, request.servers);
  const approvals = approvalGate(ctx, services, request);
  // Servers' questions during the turn share stdin with the approval prompt.
  const interactions = followInteractions(ctx, services, approvals.lines);
  const engine = services.chatEngine(approvals.gate);
  const now = () => new Date().toISOString();
  const transcript = new TurnTranscript({ conversationId: CLI_CONVERSATION, newId: idCounter(), now, nowMs: Date.now });
  const printer = ctx.json ? undefined : new TranscriptPrinter(ctx.io.stdout, ctx.io.stderr, ctx.t);
  const result = await engine
    .runTurn({
      conversationId: CLI_CONVERSATION,
      provider: request.provider,
      model: request.model,
      history: [{ role: 'user', text: request.message }],
      ...scope,
      signal: ctx.shutdown,
      onEvent: (event) => {
        transcript.apply(event);
        printer?.onEvent(event);
      },
    })
    .finally(() => {
      interactions.close();
      approvals.close();
    });
  const messages = transcript.finish(result);
  printer?.endLine();
  if (ctx.shutdown.aborted) throw new Interrupted(String(ctx.shutdown.reason));
  const failure = messages.at(-1)?.error;
  const failureText = failure && errorMessage(ctx.t, failure.code, failure.params);
  if (ctx.json) {
    const user: ChatMessage = { id: 'm0', conversationId: CLI_CONVERSATION, role: 'user', text: request.message, toolCalls: [], status: 'done', createdAt: messages[0]?.createdAt ?? now() };
    ctx.io.stdout(jsonLine({ stopReason: result.stopReason, messages: [user, ...messages], ...(failure ? { error: { ...failure, message: failureText } } : {}) }));
  } else if (failureText) {
    ctx.io.stderr(`error: ${failureText}\n`);
  }
  return result.stopReason === 'answered' ? 0 : 1;
}

/** Short, stable ids (m1, m2, …) for the printed transcript. */
function idCounter(): () => string {
  let next = 0;
  return () => `m${(next += 1)}`;
}

export const chatCommand: CliCommand = {
  path: 'chat',
  summary: 'Run one chat turn with MCP tools and print the transcript',
  help: `Usage:
  elftia chat --provider openai|anthropic|google|openai-compatible --model M --approve ask|always|never
              --message TEXT [--base-url URL] [--api-key-env VAR] [--server NAME]... [--json]

Sends TEXT to the model through the same engine as the app: the model may call the tools of the MCP
servers, each call behind approval, until it answers. The assistant's text streams to stdout, each
tool call is printed with its server, arguments and result (images and other binary content as
one-line summaries). Nothing is stored as a conversation.

Options:
  --provider KIND     openai, anthropic, google or openai-compatible
  --model M           The model name, e.g. gpt-4o-mini
  --base-url URL      The API's base URL (required for openai-compatible; e.g. http://localhost:11434/v1)
  --api-key-env VAR   The environment variable holding the API key (default: OPENAI_API_KEY,
                      ANTHROPIC_API_KEY or GEMINI_API_KEY; none for openai-compatible). Keys are
                      never taken from the command line.
  --server NAME       Offer only this server's tools (repeatable); default: every enabled server
  --approve MODE      ask: prompt on the terminal for each call (once, always, deny; end of input
                      denies); always: allow every call; never: deny every call
  --message TEXT      What to say to the model

A server asking for input during a tool call (elicitation) is answered on a terminal one field at a
time, a web page it asks to open is opened only after y, a sampling request runs only after y;
without a terminal forms and pages are declined and sampling is rejected (said on stderr).

With --json one JSON object is printed at the end: stopReason, the messages with their tool calls
(arguments, status, full result content) and, after a failure, the error.

Exit codes: 0 the model answered; 1 the provider or the turn failed (e.g. a wrong key, or the model
kept calling tools until the step limit); 2 a malformed command line; 130 Ctrl+C, which stops the
stream and cancels running tool calls.

${COMMON_HELP}`,
  options: {
    provider: { type: 'string' },
    model: { type: 'string' },
    'base-url': { type: 'string' },
    'api-key-env': { type: 'string' },
    server: { type: 'string', multiple: true },
    approve: { type: 'string' },
    message: { type: 'string' },
  },
  positionals: [],
  run,
};
