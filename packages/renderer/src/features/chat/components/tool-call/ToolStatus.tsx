import { useTranslation } from 'react-i18next';
import type { ToolCallStatus, ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { useNow } from '../../../../lib/useNow';
import { durationText } from './duration';

const STATUS_KEYS: Record<ToolCallStatus, string> = {
  awaiting_approval: 'chat/tool-calls:status.awaiting_approval',
  running: 'chat/tool-calls:status.running',
  done: 'chat/tool-calls:status.done',
  error: 'chat/tool-calls:status.error',
  cancelled: 'chat/tool-calls:status.cancelled',
  denied: 'chat/tool-calls:status.denied',
  streaming: 'chat/tool-calls:status.streaming',
};

/** The status badge and, beside it, the elapsed time (ticking while running) or the final duration. */
export function ToolStatus({ call }: { call: ToolCallView }) {
  const { t } = useTranslation();
  const running = call.status === 'running';
  const now = useNow(running && call.startedAtMs !== undefined);
  const start = call.startedAtMs;
  const end = call.endedAtMs ?? (running ? now : undefined);
  const time = start !== undefined && end !== undefined ? durationText(end - start) : undefined;
  return (
    <span className="tool-call__status">
      <span className={`badge badge--tool-${call.status}`} data-testid="tool-call-status">
        {t(STATUS_KEYS[call.status])}
      </span>
      {time && (
        <span className="tool-call__time" data-testid={running ? 'tool-call-elapsed' : 'tool-call-duration'}>
          {t(running ? 'chat/tool-calls:elapsed' : 'chat/tool-calls:took', { time: t(time.key, time.params) })}
        </span>
      )}
    </span>
  );
}

/** Progress the server reported (notifications/progress): a bar when it knows the total. */
export function ToolProgress({ progress }: { progress: NonNullable<ToolCallView['progress']> }) {
  const { t } = useTranslation();
  const hasTotal = progress.total !== undefined && progress.total > 0;
  return (
    <div className="tool-call__progress">
      {hasTotal ? (
        <progress max={progress.total} value={progress.progress} aria-label={t('chat/tool-calls:progress.label')} />
      ) : null}
      <span>
        {hasTotal
          ? t('chat/tool-calls:progress.ofTotal', { progress: progress.progress, total: progress.total })
          : t('chat/tool-calls:progress.count', { progress: progress.progress })}
        {progress.message ? ` — ${progress.message}` : ''}
      </span>
    </div>
  );
}
