/**
 * The TinyElf engine: runs one chat turn — model → tool calls → results → model — until the
 * model answers, the step cap is reached, the user stops, or the provider fails. Tool calls of one
 * step run concurrently, each behind approval.
 */
import { type ApprovalPolicy, DEFAULT_APPROVAL_POLICY } from '../../shared/contracts/chat';
import { apiFormatOf } from '../../shared/contracts/providers';
import type { CompletionClient, EngineMessage } from '../completion/types';
import type { ApprovalGate, EngineEvent, RunTurnOptions, TurnResult } from './engineTypes';
import { DEFAULT_MODEL_TEXT_LIMIT_CHARS } from './modelText';
import { ArgumentCheck } from './preparedCall';
import { type CallContext, runToolCall } from './runToolCall';
import { StreamingCallViews } from './streamingCallViews';
import { streamStep } from './streamStep';
import type { McpToolAdapterOptions } from './tools/McpToolAdapter';
import type { ToolSwitches } from '../mcp/toolSwitches';
import type { EngineMcpService } from './tools/mcpScope';
import { type TurnTools, loadTurnTools } from './turnTools';

/** Model steps per turn by default: enough for multi-tool work, bounded against loops. */
export const DEFAULT_MAX_STEPS = 10;

/** Told to the model in "many tools" mode, where it sees no per-tool definitions. */
const MANY_TOOLS_SYSTEM =
  'Many MCP tools are available but not listed individually. Use search_tools to find a tool by keywords, then call it with use_mcp_tool.';

export interface TinyElfEngineOptions {
  completion: CompletionClient;
  mcp: EngineMcpService;
  approvals: ApprovalGate;
  /** Read at the start of every turn (many-tools threshold). Default DEFAULT_APPROVAL_POLICY. */
  policy?: () => ApprovalPolicy;
  /** Model steps per turn. Default 10. */
  maxSteps?: number;
  /** Characters of one tool result the model reads; the rest is cut with a marker. Default 40 000. */
  modelTextLimitChars?: number;
  /** Epoch milliseconds for ToolCallView timestamps. Default Date.now. */
  clock?: { now(): number };
  /** Passed to every McpToolAdapter (timeouts). */
  adapterOptions?: McpToolAdapterOptions;
  /** The servers' per-tool switches: a tool turned off is left out of every turn. Default: every tool on. */
  switches?: ToolSwitches;
}

interface TurnState {
  options: RunTurnOptions;
  tools: TurnTools;
  messages: EngineMessage[];
  system: string | undefined;
}

export class TinyElfEngine {
  private readonly maxSteps: number;
  private readonly modelTextLimitChars: number;
  private readonly now: () => number;
  private readonly check = new ArgumentCheck();

  constructor(private readonly deps: TinyElfEngineOptions) {
    this.maxSteps = Math.max(1, deps.maxSteps ?? DEFAULT_MAX_STEPS);
    this.modelTextLimitChars = Math.max(1, deps.modelTextLimitChars ?? DEFAULT_MODEL_TEXT_LIMIT_CHARS);
    const clock = deps.clock;
    this.now = clock ? () => clock.now() : Date.now;
  }

  async runTurn(options: RunTurnOptions): Promise<TurnResult> {
    if (options.signal.aborted) return { messages: [], stopReason: 'stopped' };
    const policy = this.deps.policy?.() ?? DEFAULT_APPROVAL_POLICY;
    const format = apiFormatOf(options.provider.kind);
    let tools: TurnTools;
    try {
      tools = await loadTurnTools({ mcp: this.deps.mcp, policy, check: this.check, adapterOptions: this.deps.adapterOptions, switches: this.deps.switches }, options.toolMode, options.selectedServerIds, format);
    } catch {
      // Each server's failure is already absorbed; reaching here means the configuration itself
      // could not be read. The turn ends with a code rather than an exception ChatService must catch.
      return { messages: [], stopReason: 'error', error: { code: 'INTERNAL' } };
    }
    if (tools.omitted.reasons.length > 0) emit(options, { type: 'tools_omitted', names: tools.omitted.names, reasons: tools.omitted.reasons });
    if (tools.manyToolsMode) emit(options, { type: 'many_tools', toolCount: tools.mcpToolCount, threshold: policy.manyToolsThreshold });
    const state: TurnState = { options, tools, messages: [], system: systemPrompt(options.system, tools.manyToolsMode) };
    for (let stepIndex = 0; stepIndex < this.maxSteps; stepIndex += 1) {
      const ended = await this.step(state, stepIndex);
      if (ended) return ended;
    }
    return { messages: state.messages, stopReason: 'step_limit' };
  }

  /** One model step and its tool calls; a TurnResult when the turn ends here. */
  private async step(state: TurnState, stepIndex: number): Promise<TurnResult | undefined> {
    const { options, tools, messages } = state;
    emit(options, { type: 'step_start', stepIndex });
    const request = {
      provider: options.provider,
      model: options.model,
      ...(state.system ? { system: state.system } : {}),
      messages: [...options.history, ...messages],
      tools: tools.definitions,
      signal: options.signal,
    };
    const streaming = new StreamingCallViews(tools, this.now, (call) => emit(options, { type: 'tool_call', stepIndex, call }));
    const output = await streamStep(this.deps.completion, request, {
      onText: (delta) => emit(options, { type: 'text', stepIndex, delta }),
      onUsage: (usage) => emit(options, { type: 'usage', stepIndex, usage }),
      onToolCallPartial: (call) => streaming.partial(call),
    });
    streaming.settle(output.toolCalls.map((call) => call.id));
    if (output.end.kind !== 'completed') {
      if (output.text) messages.push({ role: 'assistant', text: output.text, toolCalls: [] });
      if (output.end.kind === 'stopped') return { messages, stopReason: 'stopped' };
      const { code, params } = output.end;
      return { messages, stopReason: 'error', error: params ? { code, params } : { code } };
    }
    messages.push({ role: 'assistant', text: output.text, toolCalls: output.toolCalls });
    if (output.toolCalls.length === 0) return { messages, stopReason: 'answered' };
    const context = this.callContext(state, stepIndex);
    // Concurrent on purpose: a slow call must not hold up the others, and approvals can be asked together.
    const outcomes = await Promise.all(output.toolCalls.map((call) => runToolCall(call, context)));
    messages.push(...outcomes.map((outcome) => outcome.message));
    return options.signal.aborted ? { messages, stopReason: 'stopped' } : undefined;
  }

  private callContext(state: TurnState, stepIndex: number): CallContext {
    const { options } = state;
    return {
      conversationId: options.conversationId,
      tools: state.tools,
      approvals: this.deps.approvals,
      check: this.check,
      now: this.now,
      modelTextLimitChars: this.modelTextLimitChars,
      signal: options.signal,
      onView: (call) => emit(options, { type: 'tool_call', stepIndex, call }),
      onApprovalRequested: (request) => emit(options, { type: 'approval_requested', request }),
    };
  }
}

/** The user's system prompt first; in many-tools mode the engine's note on finding tools follows it. */
function systemPrompt(user: string | undefined, manyToolsMode: boolean): string | undefined {
  const parts = [user?.trim() ?? '', manyToolsMode ? MANY_TOOLS_SYSTEM : ''].filter((part) => part !== '');
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/** A listener that throws must not break the turn (the events are a view, the result is the record). */
function emit(options: RunTurnOptions, event: EngineEvent): void {
  try {
    options.onEvent(event);
  } catch {
    // Deliberately ignored: see above.
  }
}
