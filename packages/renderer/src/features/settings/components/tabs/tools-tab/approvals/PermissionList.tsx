import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolPermission } from '@elftia/desktop/shared/contracts/chat.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../../../lib/appError';
import { useApiSubscription } from '../../../../../../lib/useApiSubscription';
import { FailureAlert } from '../../../../../../components/FailureAlert';

/**
 * The tools the user chose "Always allow" for, each revocable. Live: a grant made in the
 * chat of another window, or a revoke from here, arrives through approvals.onPermissionsChanged.
 */
export function PermissionList() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const live = useApiSubscription((a) => a.approvals.onPermissionsChanged);
  const permissions = live.data;
  const [failure, setFailure] = useState<DisplayError>();

  async function revoke(permission: ToolPermission) {
    setFailure(undefined);
    try {
      await api.approvals.revoke.mutate({ serverId: permission.serverId, toolName: permission.toolName });
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section className="permissions" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings/tools:approvals.permissions.heading')}</h3>
      <FailureAlert error={failure} />
      {live.error !== undefined && (
        <p className="form__failure" role="alert">
          {t(errorMessageKey(toDisplayError(live.error).code))}
        </p>
      )}
      {permissions?.length === 0 && <p className="empty-state">{t('settings/tools:approvals.permissions.empty')}</p>}
      {permissions && permissions.length > 0 && (
        <ul className="permissions__list" data-testid="tool-permissions">
          {permissions.map((permission) => {
            const names = { tool: permission.toolName, server: permission.serverName };
            return (
              <li key={`${permission.serverId}/${permission.toolName}`} className="permissions__item">
                <span>
                  {t('settings/tools:approvals.permissions.item', names)}
                  <span className="permissions__since">
                    {t('settings/tools:approvals.permissions.since', { date: date.format(new Date(permission.createdAt)) })}
                  </span>
                </span>
                <button
                  type="button"
                  className="button"
                  aria-label={t('settings/tools:approvals.permissions.revokeTool', names)}
                  onClick={() => void revoke(permission)}
                >
                  {t('settings/tools:approvals.permissions.revoke')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
