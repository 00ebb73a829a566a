/**
 * An MCP App's `tools/call` (apps.callTool), on the model's call path: the card the app shows in
 * (`hostCallId`) must be a tool call of that conversation whose app is on the server named, and the
 * tool must be on that server, switched on, and callable by apps (`_meta.ui.visibility` includes
 * `app`), else APP_TOOL_NOT_ALLOWED before anything reaches the server. Then the same steps as a model's call
 * (runToolCall): arguments checked before anyone is asked, the same approval gate (grants, read-only
 * policy, allow once / always / deny) with the request tied to the app's card (`appHostCallId`), and
 * the same adapter (McpService's validation, the server's timeout, cancellation on the wire).
 */
import { randomUUID } from 'node:crypto';
import type { ToolCallAppRef } from '../../shared/contracts/apps';
import type { MCPTool } from '../../shared/contracts/mcp-tool';
import type { AppToolCall, AppToolCallResult } from '../apps/appToolCalls';
import { callableByApp } from '../apps/toolApp';
import { AppError } from '../lib/errors';
import { isMcpServiceError } from '../mcp/McpServiceError';
import { NO_TOOL_SWITCHES, type ToolSwitches } from '../mcp/toolSwitches';
import { approvalRequestFor, decideApproval } from './approvalStep';
import type { ApprovalGate } from './engineTypes';
import type { ToolExecutionResult } from './ITool';
import { type ArgumentCheck, prepareCall } from './preparedCall';
import { DECLINED_TEXT } from './runToolCall';
import { toolErrorResult } from './tools/flattenContent';
import { McpToolAdapter, type McpToolAdapterOptions, type McpToolService, describeFailure } from './tools/McpToolAdapter';

export interface AppToolCallDeps {
  mcp: McpToolService;
  approvals: ApprovalGate;
  check: ArgumentCheck;
  adapterOptions?: McpToolAdapterOptions;
  switches?: ToolSwitches;
  /** The app a tool call of a conversation declares (ChatService.toolCallApp). */
  appOfCall: (conversationId: string, callId: string) => ToolCallAppRef | undefined;
  /** The id the approval and the server's call go by. Default `app-<uuid>`. */
  newCallId?: () => string;
}

const CANCELLED_TEXT = 'Tool call cancelled.';

export async function runAppToolCall(call: AppToolCall, deps: AppToolCallDeps, signal: AbortSignal): Promise<AppToolCallResult> {
  let tool: MCPTool;
  try {
    tool = await allowedTool(call, deps);
  } catch (error) {
    // The server is down (NOT_CONNECTED, with why) or gone: the app gets a failed call, as the model
    // would, and nobody is asked to approve a call that cannot run. A refusal stays an error.
    if (isMcpServiceError(error)) return toAppResult(describeFailure(error), 'error');
    throw error;
  }
  const callId = deps.newCallId?.() ?? `app-${randomUUID()}`;
  const prepared = await prepareCall(new McpToolAdapter(tool, deps.mcp, deps.adapterOptions), call.arguments, deps.check, signal);
  if (!prepared.ok) return toAppResult(prepared.result, 'error');
  const request = approvalRequestFor(prepared.target, callId, call.conversationId, call.hostCallId);
  const verdict = await decideApproval(deps.approvals, request, signal, {});
  if (verdict === 'cancelled') return toAppResult(toolErrorResult('CANCELLED', CANCELLED_TEXT), 'cancelled');
  if (verdict === 'deny') return toAppResult({ text: DECLINED_TEXT, content: [{ type: 'text', text: DECLINED_TEXT }], isError: true }, 'denied');
  if (typeof verdict === 'object') return toAppResult(toolErrorResult('REQUEST_FAILED', `The call was not run: approval failed (${verdict.failed}).`), 'error');
  const result = await prepared.run({ signal, callId });
  return toAppResult(result, result.errorCode === 'CANCELLED' ? 'cancelled' : result.isError ? 'error' : 'done');
}

/**
 * The tool, when this app may call it; APP_TOOL_NOT_ALLOWED otherwise: the app is not shown by a call
 * of this conversation to that server (a renderer claiming another server's card), or the tool is
 * unknown there, switched off, or not for apps.
 */
async function allowedTool(call: AppToolCall, deps: AppToolCallDeps): Promise<MCPTool> {
  const notAllowed = (why: string) => new AppError('APP_TOOL_NOT_ALLOWED', { params: { server: call.serverId, tool: call.name }, message: `an app of ${call.serverId} may not call ${call.name}: ${why}` });
  if (deps.appOfCall(call.conversationId, call.hostCallId)?.serverId !== call.serverId) throw notAllowed(`no app of that server shows in tool call ${call.hostCallId}`);
  const tools = await deps.mcp.listServerTools(call.serverId);
  const tool = tools.find((candidate) => candidate.name === call.name);
  const switches = deps.switches ?? NO_TOOL_SWITCHES;
  if (!tool || switches.isDisabled(call.serverId, tool.name) || !callableByApp(tool)) throw notAllowed('not a tool of that server its apps may call');
  return tool;
}

function toAppResult(result: ToolExecutionResult, status: AppToolCallResult['status']): AppToolCallResult {
  return {
    status,
    content: result.content,
    isError: result.isError,
    ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
    ...(result.errorCode ? { errorCode: result.errorCode } : {}),
    ...(result.errorParams ? { errorParams: result.errorParams } : {}),
    ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
  };
}
