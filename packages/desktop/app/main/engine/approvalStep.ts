/**
 * The approval step of a tool call, shared by the model's calls (runToolCall) and MCP Apps' calls
 * (appToolCall): the request the user is shown, and the gate's answer as a verdict. One path, so an
 * app's call meets the same grants, read-only policy and allow once / always / deny as the model's.
 */
import type { ApprovalRequest } from '../../shared/contracts/chat';
import type { ApprovalGate, ApprovalHooks } from './engineTypes';
import type { CallTarget } from './preparedCall';

export type Verdict = 'allow' | 'deny' | 'cancelled' | { failed: string };

/** The request for `target`, called `callId` in `conversationId`. */
export function approvalRequestFor(target: CallTarget, callId: string, conversationId: string, appHostCallId?: string): ApprovalRequest {
  return {
    callId,
    conversationId,
    ...(target.serverId !== undefined ? { serverId: target.serverId } : {}),
    ...(target.serverName !== undefined ? { serverName: target.serverName } : {}),
    toolName: target.toolName,
    arguments: target.arguments,
    ...(target.annotations ? { annotations: target.annotations } : {}),
    // A tool claiming both readOnlyHint and destructiveHint is treated by its more dangerous claim.
    destructive: target.annotations?.destructiveHint === true,
    ...(appHostCallId !== undefined ? { appHostCallId } : {}),
  };
}

/** Asks the gate; a stop (the signal) while waiting is 'cancelled', a gate failure is `{ failed }`. */
export async function decideApproval(gate: ApprovalGate, request: ApprovalRequest, signal: AbortSignal, hooks: ApprovalHooks): Promise<Verdict> {
  try {
    const decision = await gate.decide(request, signal, hooks);
    return decision === 'deny' ? 'deny' : 'allow';
  } catch (error) {
    if (signal.aborted) return 'cancelled';
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}
