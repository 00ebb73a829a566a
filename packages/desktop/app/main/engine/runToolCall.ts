/**
 * One tool call of a step, from the model's request to the tool message it reads next: resolve the
 * provider-facing name, map the arguments back to the server's keys, check them, ask for approval, run
 * with progress, and cut the text for the model. Every change is reported as the whole ToolCallView.
 * Resolves for every outcome (unknown tool, denied, cancelled, failed); rejects only on a bug.
 */
import type { ApprovalRequest, AutoApprovalReason, ToolCallView } from '../../shared/contracts/chat';
import type { ToolContent } from '../../shared/contracts/tool-content';
import { mapArgumentsBack } from '../tools/arguments';
import { resolveProviderToolName } from '../tools/formatTools';
import type { EngineImage, EngineMessage, EngineToolCall } from '../completion/types';
import { approvalRequestFor, decideApproval, type Verdict } from './approvalStep';
import type { ApprovalGate } from './engineTypes';
import type { ToolExecutionResult } from './ITool';
import { limitForModel } from './modelText';
import { type ArgumentCheck, type CallTarget, type Preparation, prepareCall } from './preparedCall';
import { toolErrorResult } from './tools/flattenContent';
import type { TurnTools } from './turnTools';

export type ToolMessage = Extract<EngineMessage, { role: 'tool' }>;

export interface CallContext {
  conversationId: string;
  tools: TurnTools;
  approvals: ApprovalGate;
  check: ArgumentCheck;
  /** Epoch milliseconds. */
  now(): number;
  modelTextLimitChars: number;
  /** The turn's Stop button. */
  signal: AbortSignal;
  onView(view: ToolCallView): void;
  onApprovalRequested(request: ApprovalRequest): void;
}

export interface CallOutcome {
  view: ToolCallView;
  message: ToolMessage;
}

/** What the model reads when the user says no: it is told the user declined. */
export const DECLINED_TEXT = 'The user declined to run this tool call. Do not retry it unless the user asks; continue without its result.';

const CANCELLED_TEXT = 'Tool call cancelled: the user stopped the turn.';

function imagesOf(content: readonly ToolContent[]): EngineImage[] {
  return content.flatMap((item) => (item.type === 'image' ? [{ mimeType: item.mimeType, data: item.data }] : []));
}

/** The current view of one call; each change replaces it and is reported. */
class CallTracker {
  constructor(
    public view: ToolCallView,
    private readonly ctx: CallContext,
  ) {}

  update(patch: Partial<ToolCallView>): void {
    this.view = { ...this.view, ...patch };
    this.ctx.onView(this.view);
  }

  finish(call: EngineToolCall, result: ToolExecutionResult, status?: ToolCallView['status']): CallOutcome {
    const limited = limitForModel(result.text, this.ctx.modelTextLimitChars);
    const derived = result.errorCode === 'CANCELLED' ? 'cancelled' : result.isError ? 'error' : 'done';
    this.update({
      status: status ?? derived,
      endedAtMs: this.ctx.now(),
      ...(status === 'denied'
        ? {}
        : {
            result: {
              text: limited.text,
              content: result.content,
              isError: result.isError,
              ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
              ...(result.structuredContentMismatch ? { structuredContentMismatch: result.structuredContentMismatch } : {}),
              ...(limited.truncated ? { truncatedForModel: true } : {}),
            },
          }),
      ...(result.errorCode ? { errorCode: result.errorCode } : {}),
      ...(result.errorParams ? { errorParams: result.errorParams } : {}),
      ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
    });
    const message: ToolMessage = { role: 'tool', toolCallId: call.id, name: call.name, text: limited.text, isError: result.isError, images: imagesOf(result.content) };
    return { view: this.view, message };
  }
}

function viewOf(call: EngineToolCall, target: CallTarget): ToolCallView {
  return {
    id: call.id,
    providerToolName: call.name,
    ...(target.serverId !== undefined ? { serverId: target.serverId } : {}),
    ...(target.serverName !== undefined ? { serverName: target.serverName } : {}),
    toolName: target.toolName,
    arguments: target.arguments,
    status: 'running',
    ...(target.annotations ? { annotations: target.annotations } : {}),
    ...(target.app ? { app: target.app } : {}),
  };
}

function unknownTool(call: EngineToolCall, tools: TurnTools): ToolExecutionResult {
  const names = [...tools.nameMap.keys()];
  const listed = names.length === 0 ? 'none' : names.length > 50 ? `${names.slice(0, 50).join(', ')}, …` : names.join(', ');
  return toolErrorResult('TOOL_NOT_FOUND', `Unknown tool "${call.name}". Available tools: ${listed}.`, { errorParams: { tool: call.name } });
}

async function prepare(call: EngineToolCall, ctx: CallContext): Promise<Preparation | undefined> {
  const entry = resolveProviderToolName(ctx.tools.nameMap, call.name);
  const tool = entry && ctx.tools.registry.get(entry.id);
  if (!entry || !tool) return undefined;
  const args = mapArgumentsBack(entry, call.arguments);
  return prepareCall(tool, args, ctx.check, ctx.signal);
}

async function approve(tracker: CallTracker, target: CallTarget, ctx: CallContext): Promise<Verdict> {
  if (!target.needsApproval) return 'allow';
  const request = approvalRequestFor(target, tracker.view.id, ctx.conversationId);
  const onPending = () => {
    tracker.update({ status: 'awaiting_approval' });
    ctx.onApprovalRequested(request);
  };
  // Recorded on the view without a report of its own: the 'running' update right after carries it.
  const onAutoApproved = (reason: AutoApprovalReason) => {
    tracker.view = { ...tracker.view, autoApproved: reason };
  };
  return decideApproval(ctx.approvals, request, ctx.signal, { onPending, onAutoApproved });
}

export async function runToolCall(call: EngineToolCall, ctx: CallContext): Promise<CallOutcome> {
  const prepared = await prepare(call, ctx);
  if (!prepared) {
    const tracker = new CallTracker(viewOf(call, { toolName: call.name, arguments: call.arguments, needsApproval: false }), ctx);
    return tracker.finish(call, unknownTool(call, ctx.tools));
  }
  const tracker = new CallTracker(viewOf(call, prepared.target), ctx);
  if (!prepared.ok) return tracker.finish(call, prepared.result);
  const verdict = await approve(tracker, prepared.target, ctx);
  if (verdict === 'cancelled') return tracker.finish(call, toolErrorResult('CANCELLED', CANCELLED_TEXT));
  if (verdict === 'deny') return tracker.finish(call, { text: DECLINED_TEXT, content: [{ type: 'text', text: DECLINED_TEXT }], isError: true }, 'denied');
  if (typeof verdict === 'object') return tracker.finish(call, toolErrorResult('REQUEST_FAILED', `The call was not run: approval failed (${verdict.failed}).`));

  let settled = false;
  tracker.update({ status: 'running', startedAtMs: ctx.now() });
  const result = await prepared.run({
    signal: ctx.signal,
    // The call's own id reaches the server connection: what the server asks during the call
    // (an elicitation, a sampling request) is tied to this call's card and conversation.
    callId: tracker.view.id,
    // Late notifications can arrive after the result; they must not reopen a finished view.
    onProgress: (progress) => {
      if (!settled) tracker.update({ progress: { progress: progress.progress, ...(progress.total !== undefined ? { total: progress.total } : {}), ...(progress.message !== undefined ? { message: progress.message } : {}) } });
    },
  });
  settled = true;
  return tracker.finish(call, result);
}
