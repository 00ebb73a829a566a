import type { ApprovalDecision, ApprovalRequest } from '../../shared/contracts/chat';
import type { ApprovalGate, ApprovalHooks } from '../engine/engineTypes';

/**
 * The CLI's `--approve always|never`: every call is allowed once, or every call is denied, without
 * asking and without persisting anything. Nothing is pending, so onPending is never called.
 */
export class AutoApprovalGate implements ApprovalGate {
  constructor(private readonly mode: 'always' | 'never') {}

  async decide(_request: ApprovalRequest, signal: AbortSignal, _hooks?: ApprovalHooks): Promise<ApprovalDecision> {
    signal.throwIfAborted();
    return this.mode === 'always' ? 'allow_once' : 'deny';
  }
}
