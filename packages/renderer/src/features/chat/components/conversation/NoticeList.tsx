import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/errorText';
import type { Notice } from '../../model/conversationState';

/** Things the user should know that are no message's error, such as tools left out of a request. */
export function NoticeList({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="notices" aria-label={t('chat/conversations:notices.label')}>
      {notices.map((notice) => (
        <p key={notice.id} className="notice" data-testid="notice">
          <span>{errorText(t, notice.code, notice.params)}</span>
          <button type="button" className="button button--quiet" onClick={() => onDismiss(notice.id)}>
            {t('chat/conversations:notices.dismiss')}
          </button>
        </p>
      ))}
    </div>
  );
}
