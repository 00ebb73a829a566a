import { CopyPlus, ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OriginView } from './serverOrigin';

export interface OriginActionsProps {
  server: OriginView;
  /** Where a copy goes: a project server to the global list, a global one into the open workspace's file. */
  copyTo: 'global' | 'project' | undefined;
  onCopy: (to: 'global' | 'project') => void;
  /** Set for a trusted project server: withdraws the approval (it stops, and asks again before it runs). */
  onUntrust?: (() => void) | undefined;
}

/**
 * At the top of a server's details: moving its configuration between the global list and the
 * workspace's project file, and withdrawing a project server's approval. In the details rather than
 * the row, whose icon column would otherwise push the table past the pane at 900 px.
 */
export function OriginActions({ server, copyTo, onCopy, onUntrust }: OriginActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="origin-actions" data-testid="mcp-server-origin-actions">
      {copyTo && (
        <button
          type="button"
          className="button"
          data-action={`copy-to-${copyTo}`}
          aria-label={copyTo === 'global' ? t('settings/tools:copy.toGlobalFor', { name: server.name }) : t('settings/tools:copy.toProjectFor', { name: server.name })}
          onClick={() => onCopy(copyTo)}
        >
          <CopyPlus aria-hidden size={16} />
          {copyTo === 'global' ? t('settings/tools:copy.toGlobal') : t('settings/tools:copy.toProject')}
        </button>
      )}
      {onUntrust && (
        <button type="button" className="button" aria-label={t('settings/tools:trust.withdrawFor', { name: server.name })} onClick={onUntrust}>
          <ShieldOff aria-hidden size={16} />
          {t('settings/tools:trust.withdraw')}
        </button>
      )}
    </div>
  );
}
