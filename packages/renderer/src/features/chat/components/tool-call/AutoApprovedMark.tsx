import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../lib/appError';
import { useToolGrants } from './toolGrants';

/**
 * Marks a call that ran without asking and says why: the user's "Always allow" for the tool (with
 * Revoke while the grant stands) or the policy that lets read-only tools run (with "Always ask" while
 * it is on). Once revoked, it says the next call asks first.
 */
export function AutoApprovedMark({ call }: { call: ToolCallView & { autoApproved: NonNullable<ToolCallView['autoApproved']> } }) {
  const { t } = useTranslation();
  const grants = useToolGrants();
  const [failure, setFailure] = useState<DisplayError>();
  const [busy, setBusy] = useState(false);
  const names = { tool: call.toolName, server: call.serverName ?? call.serverId ?? '' };
  const grant = call.autoApproved === 'always_allow';
  const standing = grant ? call.serverId !== undefined && grants?.granted(call.serverId, call.toolName) : grants?.readOnlyAllowed;

  async function revoke() {
    setFailure(undefined);
    setBusy(true);
    try {
      if (grant && call.serverId !== undefined) await grants?.revoke(call.serverId, call.toolName);
      else await grants?.askForReadOnly();
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setBusy(false);
    }
  }

  const why = grant ? 'chat/tool-calls:autoApproved.alwaysAllow' : 'chat/tool-calls:autoApproved.readOnly';
  return (
    <div className="tool-call__auto" data-testid="tool-call-auto-approved" data-reason={call.autoApproved}>
      <ShieldCheck aria-hidden="true" size={16} strokeWidth={1.75} />
      <p className="tool-call__auto-text">
        {t(why, names)}
        {standing === false && ` ${t(grant ? 'chat/tool-calls:autoApproved.revoked' : 'chat/tool-calls:autoApproved.policyOff')}`}
      </p>
      {standing === true && (
        <button
          type="button"
          className="button button--quiet tool-call__auto-revoke"
          onClick={() => void revoke()}
          disabled={busy}
          aria-label={t(grant ? 'chat/tool-calls:autoApproved.revokeTool' : 'chat/tool-calls:autoApproved.askReadOnlyLong', names)}
        >
          {t(grant ? 'chat/tool-calls:autoApproved.revoke' : 'chat/tool-calls:autoApproved.askReadOnly')}
        </button>
      )}
      {failure && (
        <p className="form__failure" role="alert">
          {t(errorMessageKey(failure.code), failure.params ?? {})}
        </p>
      )}
    </div>
  );
}
