import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalPolicy } from '@elftia/desktop/shared/contracts/chat.ts';
import { TextField } from '../../../../../../components/TextField';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { useTRPC } from '../../../../../../lib/query';
import { FailureAlert } from '../../../../../../components/FailureAlert';

/** main's MANY_TOOLS_THRESHOLD_RANGE (approvals/approvalPolicy.ts), which main checks again. */
const THRESHOLD_MIN = 1;
const THRESHOLD_MAX = 10_000;

function parseThreshold(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= THRESHOLD_MIN && value <= THRESHOLD_MAX ? value : undefined;
}

/**
 * The approval policy: whether tools that claim readOnlyHint may run without asking (saved when
 * toggled), and above how many tools the model gets use_mcp_tool plus tool search instead of every
 * definition (saved with its own button, since a half-typed number is not a choice).
 */
export function ApprovalPolicyForm() {
  const trpc = useTRPC();
  const { data: policy, error } = useQuery(trpc.approvals.policy.queryOptions());
  const { t } = useTranslation();
  if (error) return <FailureAlert error={toDisplayError(error)} />;
  // Mounted once loaded: the threshold field starts from what is stored and then keeps its own edits.
  return policy ? <PolicyForm policy={policy} /> : <p className="panel-note">{t('settings/tools:approvals.policy.loading')}</p>;
}

/** `policy` is the cached query: a save writes the stored answer there, and this re-renders with it. */
function PolicyForm({ policy }: { policy: ApprovalPolicy }) {
  const { t } = useTranslation();
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [threshold, setThreshold] = useState(String(policy.manyToolsThreshold));
  const [thresholdError, setThresholdError] = useState<string>();
  const [failure, setFailure] = useState<DisplayError>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function save(patch: Partial<ApprovalPolicy>) {
    if (saving) return;
    setSaving(true);
    setFailure(undefined);
    setSaved(false);
    try {
      queryClient.setQueryData(trpc.approvals.policy.queryKey(), await api.approvals.setPolicy.mutate(patch));
      setSaved(true);
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setSaving(false);
    }
  }

  function submitThreshold(event: FormEvent) {
    event.preventDefault();
    const value = parseThreshold(threshold);
    if (value === undefined) {
      setThresholdError(t('settings/tools:approvals.policy.thresholdRange', { min: THRESHOLD_MIN, max: THRESHOLD_MAX }));
      return;
    }
    setThresholdError(undefined);
    void save({ manyToolsThreshold: value });
  }

  const readOnlyId = `${id}-read-only`;
  return (
    <form className="form approval-policy" noValidate onSubmit={submitThreshold} aria-busy={saving}>
      <h3>{t('settings/tools:approvals.policy.heading')}</h3>
      <FailureAlert error={failure} />
      <div className="field field--inline">
        <input
          id={readOnlyId}
          type="checkbox"
          checked={policy.autoApproveReadOnly}
          aria-disabled={saving || undefined}
          onChange={(event) => void save({ autoApproveReadOnly: event.target.checked })}
          aria-describedby={`${readOnlyId}-hint`}
        />
        <label htmlFor={readOnlyId}>{t('settings/tools:approvals.policy.autoApproveReadOnly')}</label>
        <p id={`${readOnlyId}-hint`} className="field__hint">
          {t('settings/tools:approvals.policy.autoApproveReadOnlyHint')}
        </p>
      </div>
      <div className="approval-policy__threshold">
        <TextField
          id={`${id}-threshold`}
          label={t('settings/tools:approvals.policy.threshold')}
          hint={t('settings/tools:approvals.policy.thresholdHint', { min: THRESHOLD_MIN, max: THRESHOLD_MAX })}
          type="number"
          inputMode="numeric"
          min={THRESHOLD_MIN}
          max={THRESHOLD_MAX}
          step={1}
          value={threshold}
          onValueChange={(value) => {
            setThreshold(value);
            setSaved(false);
          }}
          error={thresholdError}
        />
        <button type="submit" className="button" aria-disabled={saving || undefined}>
          {t('settings/tools:approvals.policy.saveThreshold')}
        </button>
      </div>
      <p role="status" className="field__hint">
        {saved ? t('settings/tools:approvals.policy.saved') : ''}
      </p>
    </form>
  );
}
