import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalPolicyForm } from './ApprovalPolicyForm';
import { PermissionList } from './PermissionList';

/** Settings → Approvals: when the chat asks before a tool runs, and what it no longer asks about. */
export function ApprovalSettings() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="approval-settings settings-section-page" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings/tools:approvals.heading')}</h2>
      <p className="section-header__description">{t('settings/tools:approvals.description')}</p>
      <ApprovalPolicyForm />
      <PermissionList />
    </section>
  );
}
