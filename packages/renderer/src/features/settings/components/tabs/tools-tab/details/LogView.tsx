import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpLogEntry, McpLogLevel, McpLogUpdate } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import { errorMessageKey, toDisplayError } from '../../../../../../lib/appError';
import { useReducedSubscription } from '../../../../../../lib/useApiSubscription';

/**
 * The most lines kept and rendered. McpService bounds each log too (McpLogBuffer, 500 entries by
 * default), but the lines arrive one push at a time here, so this view bounds its own copy.
 */
export const MAX_LOG_LINES = 500;

/** A snapshot replaces the lines, an append adds to them; the oldest go first past MAX_LOG_LINES. */
export function applyLogUpdate(lines: McpLogEntry[] | undefined, update: McpLogUpdate): McpLogEntry[] {
  const kept = update.kind === 'snapshot' ? update.entries : [...(lines ?? []), ...update.entries];
  return kept.length > MAX_LOG_LINES ? kept.slice(-MAX_LOG_LINES) : kept;
}

/** Within this many pixels of the bottom counts as "following" the log. */
const FOLLOW_SLACK_PX = 24;

const LEVEL_KEYS: Record<McpLogLevel, string> = {
  stderr: 'settings/tools:log.level.stderr',
  info: 'settings/tools:log.level.info',
  warn: 'settings/tools:log.level.warn',
  error: 'settings/tools:log.level.error',
};

function LogLine({ entry, time }: { entry: McpLogEntry; time: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  return (
    <li className={`log__entry log__entry--${entry.level}`} data-level={entry.level}>
      <time className="log__time" dateTime={new Date(entry.timeMs).toISOString()}>
        {time.format(entry.timeMs)}
      </time>
      <span className="log__level">{t(LEVEL_KEYS[entry.level])}</span>
      <span className="log__text">{entry.text}</span>
    </li>
  );
}

/**
 * The server's live log (stderr and lifecycle lines), as mcp.onLogs pushes it. It follows new lines
 * while scrolled to the bottom and stays put once the user scrolls up to read.
 */
export function LogView({ server }: { server: McpServerView }) {
  const { t, i18n } = useTranslation();
  const log = useReducedSubscription((api) => api.mcp.onLogs, applyLogUpdate, { id: server.id });
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
    [i18n.language],
  );
  const entries = log.data;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [entries]);

  function onScroll() {
    const element = scroller.current;
    if (element) following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK_PX;
  }

  const failure = log.error === undefined ? undefined : toDisplayError(log.error);
  return (
    <>
      {failure && (
        <p className="form__failure" role="alert">
          {t('settings/tools:log.loadFailed', { reason: t(errorMessageKey(failure.code), failure.params ?? {}) })}
        </p>
      )}
      {entries === undefined ? (
        !failure && (
          <p className="panel-note" role="status">
            {t('settings/tools:log.loading')}
          </p>
        )
      ) : entries.length === 0 ? (
        <p className="panel-note">{t('settings/tools:log.empty')}</p>
      ) : (
        // Focusable, so keyboard users can scroll it; role="log" announces new lines politely.
        <div
          ref={scroller}
          className="log"
          role="log"
          aria-label={t('settings/tools:log.label', { name: server.name })}
          tabIndex={0}
          onScroll={onScroll}
          data-testid="mcp-server-log"
        >
          <ol className="log__entries">
            {entries.map((entry) => (
              <LogLine key={entry.seq} entry={entry} time={time} />
            ))}
          </ol>
        </div>
      )}
    </>
  );
}
