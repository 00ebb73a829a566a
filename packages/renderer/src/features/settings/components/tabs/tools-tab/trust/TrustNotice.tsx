import { ShieldQuestionMark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OriginView } from '../origin/serverOrigin';
import './trust.css';

/**
 * Under a project server waiting for approval: why nothing runs (a question to the user, not a
 * failure: no alert, no danger colour) and the button that shows what would run.
 */
export function TrustNotice({ server, onReview }: { server: OriginView; onReview: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="trust-notice" data-testid="mcp-server-needs-approval">
      <p className="trust-notice__text">
        <ShieldQuestionMark aria-hidden size={16} className="trust-notice__icon" />
        <span>{t(server.trust?.url === undefined && server.type === 'stdio' ? 'settings/tools:trust.notice' : 'settings/tools:trust.noticeRemote')}</span>
      </p>
      <button type="button" className="button button--primary" onClick={onReview} aria-label={t('settings/tools:trust.reviewFor', { name: server.name })}>
        {t('settings/tools:trust.review')}
      </button>
    </div>
  );
}
