/**
 * Approval before every tool call: allow once, always allow (persisted per server and
 * tool, revocable), deny. Annotations are the server's claims: readOnlyHint lets a call through only
 * when the user opted into that policy, and destructiveHint makes "always allow" need a second,
 * explicit confirmation.
 */
import type { ApprovalDecision, ApprovalPolicy, ApprovalRequest, ToolPermission } from '../../shared/contracts/chat';
import type { SettingsRepository } from '../db/SettingsRepository';
import type { ToolPermissionRepository } from '../db/ToolPermissionRepository';
import { AppError } from '../lib/errors';
import type { ApprovalGate, ApprovalHooks } from '../engine/engineTypes';
import { EventHub } from '../lib/eventHub';
import { APPROVAL_POLICY_KEY, autoApprovedAsReadOnly, mergePolicy, readPolicy } from './approvalPolicy';

export type ApprovalEvent =
  /** A call waits for the user; answer with answer(request.callId, …). */
  | { type: 'requested'; request: ApprovalRequest }
  /** A pending request ended: answered, or cancelled because its turn stopped. */
  | { type: 'resolved'; callId: string; outcome: ApprovalDecision | 'cancelled' }
  | { type: 'permissions_changed' };

export interface AnswerOptions {
  /** Required with always_allow for a destructive tool: the user confirmed twice. */
  confirmedDestructive?: boolean;
}

export interface ApprovalServiceOptions {
  permissions: Pick<ToolPermissionRepository, 'list' | 'get' | 'put' | 'remove'>;
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  /**
   * The server's own config lets the tool run without asking (its `alwaysAllow` list: the per-tool
   * switch in the server's details, a project file, an imported Cline config). Answered like a grant.
   * A chat's "Always allow" answer still stores a grant, not an `alwaysAllow` entry: a grant is the
   * user's own decision on this machine, listed and revocable under Approvals, while the config
   * travels with the server (export, a project file others commit) and must not widen silently.
   */
  configAllows?: (serverId: string, toolName: string) => boolean;
  /** Epoch milliseconds, for ToolPermission.createdAt. Default Date.now. */
  now?: () => number;
  onListenerError?: (error: unknown) => void;
}

interface Pending {
  request: ApprovalRequest;
  resolve(decision: ApprovalDecision): void;
}

export class ApprovalService implements ApprovalGate {
  private readonly pending = new Map<string, Pending>();
  private readonly events: EventHub<ApprovalEvent>;
  private readonly now: () => number;

  constructor(private readonly options: ApprovalServiceOptions) {
    this.events = new EventHub(options.onListenerError);
    this.now = options.now ?? Date.now;
  }

  /** Returns the unsubscribe function. */
  onEvent(listener: (event: ApprovalEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  /**
   * 'always_allow' when a persisted grant or the server's `alwaysAllow` covers the tool, 'allow_once' when the read-only policy
   * applies; otherwise asks and waits. Rejects with the signal's reason when the turn stops first.
   */
  decide(request: ApprovalRequest, signal: AbortSignal, hooks: ApprovalHooks = {}): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    if (request.serverId !== undefined && (this.options.permissions.get(request.serverId, request.toolName) || this.options.configAllows?.(request.serverId, request.toolName))) {
      hooks.onAutoApproved?.('always_allow');
      return Promise.resolve('always_allow');
    }
    if (autoApprovedAsReadOnly(this.getPolicy(), request.annotations)) {
      hooks.onAutoApproved?.('read_only');
      return Promise.resolve('allow_once');
    }
    if (this.pending.has(request.callId)) return Promise.reject(new Error(`approval for call ${request.callId} is already pending`));
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(request.callId);
        this.events.emit({ type: 'resolved', callId: request.callId, outcome: 'cancelled' });
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(request.callId, {
        request,
        resolve: (decision) => {
          signal.removeEventListener('abort', onAbort);
          resolve(decision);
        },
      });
      hooks.onPending?.(request);
      this.events.emit({ type: 'requested', request });
    });
  }

  /**
   * The user's answer. Throws NOT_FOUND when nothing waits under `callId` (already answered, or the
   * turn stopped), and VALIDATION when always_allow cannot be granted: a destructive tool without
   * `confirmedDestructive`, or a call with no server to attach the grant to. The request then stays
   * pending, so the user can confirm or choose another answer.
   */
  answer(callId: string, decision: ApprovalDecision, options: AnswerOptions = {}): void {
    const entry = this.pending.get(callId);
    if (!entry) throw new AppError('NOT_FOUND', { params: { callId }, message: `no approval pending for call ${callId}` });
    if (decision === 'always_allow') this.grant(entry.request, options);
    this.pending.delete(callId);
    entry.resolve(decision);
    this.events.emit({ type: 'resolved', callId, outcome: decision });
  }

  /** Requests waiting for an answer, oldest first (a renderer that reloads asks for these). */
  listPending(): ApprovalRequest[] {
    return [...this.pending.values()].map((entry) => entry.request);
  }

  listPermissions(): ToolPermission[] {
    return this.options.permissions.list();
  }

  /** False when there was no such grant. Calls already running are not affected. */
  revoke(serverId: string, toolName: string): boolean {
    const removed = this.options.permissions.remove(serverId, toolName);
    if (removed) this.events.emit({ type: 'permissions_changed' });
    return removed;
  }

  getPolicy(): ApprovalPolicy {
    return readPolicy(this.options.settings.get(APPROVAL_POLICY_KEY));
  }

  /** Throws VALIDATION naming the field when a value is out of range; nothing is stored then. */
  setPolicy(patch: Partial<ApprovalPolicy>): ApprovalPolicy {
    const merged = mergePolicy(this.getPolicy(), patch);
    if (!merged.ok) throw AppError.validation([{ field: merged.field, code: 'invalid' }]);
    this.options.settings.set(APPROVAL_POLICY_KEY, merged.policy);
    return merged.policy;
  }

  private grant(request: ApprovalRequest, options: AnswerOptions): void {
    if (request.serverId === undefined) throw AppError.validation([{ field: 'decision', code: 'invalid' }]);
    if (request.destructive && options.confirmedDestructive !== true) throw AppError.validation([{ field: 'confirmedDestructive', code: 'required' }]);
    const createdAt = new Date(this.now()).toISOString();
    this.options.permissions.put({ serverId: request.serverId, serverName: request.serverName ?? request.serverId, toolName: request.toolName, createdAt });
    this.events.emit({ type: 'permissions_changed' });
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
