import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { type DisplayError, toDisplayError } from '../../../../lib/appError';
import { errorText } from '../../../../lib/errorText';

type Result = NonNullable<ToolCallView['result']>;

/** "12.9 MB", "640 kB" in the user's language. */
function formatSize(bytes: number, language: string): string {
  const mega = bytes >= 1_000_000;
  const format = new Intl.NumberFormat(language, { style: 'unit', unit: mega ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 });
  return format.format(mega ? bytes / 1_000_000 : bytes / 1_000);
}

export interface ShortenedNoteProps {
  /** The size of the whole result. */
  bytes: number;
  /** Fetches the whole result; absent where there is nowhere to fetch it from. */
  loadAll: (() => Promise<Result>) | undefined;
  onLoaded: (result: Result) => void;
}

/**
 * Says that the card shows part of a large result (main sends a bounded copy, so a huge result never
 * stalls the app or this page), and fetches all of it on request.
 */
export function ShortenedNote({ bytes, loadAll, onLoaded }: ShortenedNoteProps) {
  const { t, i18n } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();

  async function load() {
    if (!loadAll || loading) return;
    setLoading(true);
    setFailure(undefined);
    try {
      onLoaded(await loadAll());
    } catch (error) {
      setFailure(toDisplayError(error));
      setLoading(false);
    }
  }

  return (
    <div className="tool-result__shortened" data-testid="tool-result-shortened">
      <p className="tool-result__note">{t('chat/tool-calls:result.shortened', { size: formatSize(bytes, i18n.language) })}</p>
      {loadAll && (
        <button type="button" className="button button--quiet" onClick={() => void load()} aria-disabled={loading || undefined} aria-busy={loading || undefined}>
          {loading ? t('chat/tool-calls:result.loadingAll') : t('chat/tool-calls:result.loadAll')}
        </button>
      )}
      {failure && (
        <p className="tool-call__error" role="alert">
          {t('chat/tool-calls:result.loadAllFailed', { reason: errorText(t, failure.code, failure.params) })}
        </p>
      )}
    </div>
  );
}
