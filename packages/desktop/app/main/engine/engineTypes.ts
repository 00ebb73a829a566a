/**
 * The TinyElf engine's turn contract, shared by the engine (which runs a turn) and ChatService
 * (which persists what happens and relays it to the renderer).
 */
import type { ApprovalDecision, ApprovalRequest, AutoApprovalReason, ManyToolsNote, TokenUsage, ToolCallView, ToolMode } from '../../shared/contracts/chat';
import type { ResolvedProvider } from '../../shared/contracts/providers';
import type { EngineMessage } from '../completion/types';

export interface RunTurnOptions {
  conversationId: string;
  provider: ResolvedProvider;
  model: string;
  /** The conversation so far, ending with the new user message. */
  history: EngineMessage[];
  /** The conversation's system prompt; absent or '' sends none (the engine may add its own). */
  system?: string;
  toolMode: ToolMode;
  /** Used when toolMode is 'manual'. */
  selectedServerIds: string[];
  /** The Stop button: ends the stream and cancels running tool calls (notifications/cancelled). */
  signal: AbortSignal;
  onEvent(event: EngineEvent): void;
}

export type EngineEvent =
  /** A new assistant step begins (one model response; a turn has several when tools are called). */
  | { type: 'step_start'; stepIndex: number }
  | { type: 'text'; stepIndex: number; delta: string }
  /** A tool call was created or changed (status, progress, result): the whole current view. */
  | { type: 'tool_call'; stepIndex: number; call: ToolCallView }
  | { type: 'approval_requested'; request: ApprovalRequest }
  /** Tools left out of the request (provider caps, unrepairable schemas), for a visible notice. */
  | { type: 'tools_omitted'; names: string[]; reasons: string[] }
  /** The step's model call reported its token usage (at the end of the step's stream). */
  | { type: 'usage'; stepIndex: number; usage: TokenUsage }
  /** Sent before the first step when the model gets search tools instead of every definition. */
  | ({ type: 'many_tools' } & ManyToolsNote);

export interface TurnResult {
  /** The messages this turn added after the user's: assistant steps and tool results, in order. */
  messages: EngineMessage[];
  stopReason: 'answered' | 'step_limit' | 'stopped' | 'error';
  /** When stopReason is 'error': a translatable code (PROVIDER_AUTH, …). */
  error?: { code: string; params?: Record<string, string | number> };
}

/** Hooks the engine passes to ApprovalGate.decide. */
export interface ApprovalHooks {
  /**
   * Called once, before waiting, when the user will actually be asked; not called when a policy or a
   * persisted always-allow decides at once. The engine emits approval_requested and the
   * 'awaiting_approval' view only then, so an auto-approved call never flashes a prompt.
   */
  onPending?(request: ApprovalRequest): void;
  /** Called instead of onPending when a persisted grant or the read-only policy lets the call run. */
  onAutoApproved?(reason: AutoApprovalReason): void;
}

/**
 * Asks the user (or a policy, or a persisted always-allow) whether a tool call may run.
 * Rejects when `signal` aborts while waiting (the turn was stopped).
 */
export interface ApprovalGate {
  decide(request: ApprovalRequest, signal: AbortSignal, hooks?: ApprovalHooks): Promise<ApprovalDecision>;
}
