import { type ApprovalPolicy, DEFAULT_APPROVAL_POLICY } from '../../shared/contracts/chat';

/** The settings key the policy is stored under (SettingsRepository, JSON). */
export const APPROVAL_POLICY_KEY = 'approvals.policy';

/** Smallest and largest many-tools threshold accepted; outside, the default applies. */
export const MANY_TOOLS_THRESHOLD_RANGE = { min: 1, max: 10_000 } as const;

function validThreshold(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MANY_TOOLS_THRESHOLD_RANGE.min && (value as number) <= MANY_TOOLS_THRESHOLD_RANGE.max;
}

/**
 * A stored value as a policy, field by field: a value written by an older or newer version, or edited
 * by hand, falls back to the default for that field instead of failing every turn.
 */
export function readPolicy(stored: unknown): ApprovalPolicy {
  const value = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    autoApproveReadOnly: typeof value.autoApproveReadOnly === 'boolean' ? value.autoApproveReadOnly : DEFAULT_APPROVAL_POLICY.autoApproveReadOnly,
    manyToolsThreshold: validThreshold(value.manyToolsThreshold) ? value.manyToolsThreshold : DEFAULT_APPROVAL_POLICY.manyToolsThreshold,
  };
}

/** Applies a patch; returns the field that is out of range, if any, and the merged policy otherwise. */
export function mergePolicy(current: ApprovalPolicy, patch: Partial<ApprovalPolicy>): { ok: true; policy: ApprovalPolicy } | { ok: false; field: keyof ApprovalPolicy } {
  if (patch.manyToolsThreshold !== undefined && !validThreshold(patch.manyToolsThreshold)) return { ok: false, field: 'manyToolsThreshold' };
  if (patch.autoApproveReadOnly !== undefined && typeof patch.autoApproveReadOnly !== 'boolean') return { ok: false, field: 'autoApproveReadOnly' };
  return { ok: true, policy: { ...current, ...patch } };
}

/** Whether a call may run under the read-only policy: it claims readOnlyHint and does not claim destructiveHint. */
export function autoApprovedAsReadOnly(policy: ApprovalPolicy, annotations: { readOnlyHint?: boolean; destructiveHint?: boolean } | undefined): boolean {
  return policy.autoApproveReadOnly && annotations?.readOnlyHint === true && annotations.destructiveHint !== true;
}
