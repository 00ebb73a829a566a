import { ChevronDown, Lock, Pencil, Trash } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServerTransport } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import type { DependencyCommand } from '@elftia/desktop/shared/contracts/dependencies.ts';
import { detailsTargetId, ServerDetails } from './details/ServerDetails';
import { ConnectionFacts } from './status/ConnectionFacts';
import { DegradedMarker } from './status/DegradedMarker';
import { EnterInputDialog, type InputRequest } from './status/EnterInputDialog';
import { FailureNotice } from './status/FailureNotice';
import type { RemedyAction } from './status/failureRemedy';
import { NextAttempt } from './status/NextAttempt';
import { RuntimeInstallDialog } from './runtime/RuntimeInstallDialog';
import { currentError } from './status/serverStatus';
import { SkippedNotice } from './status/SkippedNotice';
import { StatusBadge } from './status/StatusBadge';
import { deleteButtonId } from './useFocusAfterDelete';
import { OriginBadge, OverriddenNote } from './origin/OriginBadge';
import { OriginActions } from './origin/OriginActions';
import { copyTarget, isProjectServer, needsApproval, type OriginView } from './origin/serverOrigin';
import { TrustNotice } from './trust/TrustNotice';
import './servers.css';

const TRANSPORT_KEYS: Record<McpServerTransport, string> = {
  stdio: 'settings/tools:transport.stdio',
  sse: 'settings/tools:transport.sse',
  http: 'settings/tools:transport.http',
  websocket: 'settings/tools:transport.websocket',
};

/** McpServerList's columns; the error and details rows span them all. */
const COLUMN_COUNT = 5;

export interface McpServerRowProps {
  server: OriginView;
  /** True while an enable/disable for this server is in flight. */
  toggling: boolean;
  onToggle: (server: McpServerView, enabled: boolean) => void;
  /** Opens the Edit dialog (also a failure's "Check the key" and "Edit server"). */
  onEdit: (server: McpServerView) => void;
  onDelete: (server: McpServerView) => void;
  /** Starts the server again (a failure's "Try again", or after its missing runtime was installed). */
  onRestart: (server: McpServerView) => void;
  /** Set for a server just added from a preset: its details (status, tools, log) open, scroll into view and take focus. */
  reveal?: boolean;
  /** What a built-in server offers, under its name. */
  description?: string;
  /** A project server waiting for approval: opens the dialog showing what would run. */
  onReviewTrust?: (server: McpServerView) => void;
  /** "Copy to global" on a project server, "Copy to project" on a global one. */
  onCopy?: (server: McpServerView, to: 'global' | 'project') => void;
  /** A trusted project server: withdraws the approval (it stops, and asks again before it runs). */
  onUntrust?: (server: McpServerView) => void;
  /** A workspace is open, so a global server can be copied into its project file. */
  workspaceOpen?: boolean;
  /** Set on a global server a project server hides: that project server's name. */
  overriddenBy?: string | undefined;
}

/**
 * One server as a row group: the summary row, the current failure (if any) with what fixes it and,
 * when expanded, the details panel. A <tbody> per server keeps the three rows together for
 * assistive technology.
 */
export function McpServerRow({
  server,
  toggling,
  onToggle,
  onEdit,
  onDelete,
  onRestart,
  reveal = false,
  description,
  onReviewTrust,
  onCopy,
  onUntrust,
  workspaceOpen = false,
  overriddenBy,
}: McpServerRowProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(reveal);
  const groupRef = useRef<HTMLTableSectionElement>(null);
  const detailsButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!reveal) return;
    setExpanded(true);
    groupRef.current?.scrollIntoView?.({ block: 'nearest' });
    // The user arrived from a preset's Add button, which is gone with its section.
    detailsButtonRef.current?.focus();
  }, [reveal]);
  const [installing, setInstalling] = useState<DependencyCommand>();
  const [asking, setAsking] = useState<InputRequest>();
  /** Where focus goes once the details are open: the part of them a failure's button pointed at. */
  const [jumpTo, setJumpTo] = useState<'log' | 'skipped' | 'signin'>();
  const toggleId = `mcp-server-enabled-${server.id}`;
  const detailsId = `mcp-server-details-${server.id}`;
  const error = currentError(server);
  // A project server lives in the workspace's file: it is changed there, not through the form.
  const project = isProjectServer(server);
  const editable = !server.builtin && !project;
  const copyTo = onCopy ? copyTarget(server, workspaceOpen) : undefined;
  const withdraw = project && server.trust?.trusted === true && onUntrust !== undefined;
  const download = server.status === 'connecting' ? server.connection?.installing : undefined;

  useEffect(() => {
    if (!jumpTo || !expanded) return;
    const target = document.getElementById(detailsTargetId(detailsId, jumpTo));
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus();
    setJumpTo(undefined);
  }, [jumpTo, expanded, detailsId]);

  function openDetailsAt(target: 'log' | 'skipped' | 'signin') {
    setExpanded(true);
    setJumpTo(target);
  }

  function remedy(action: RemedyAction) {
    switch (action.kind) {
      case 'installRuntime':
        return setInstalling(action.command);
      case 'enterInput':
        return setAsking({ id: action.input, description: action.description, password: action.password });
      case 'checkKey':
      case 'edit':
        return onEdit(server);
      case 'showLog':
        return openDetailsAt('log');
      case 'retry':
        return onRestart(server);
      case 'signIn':
        return openDetailsAt('signin');
    }
  }

  return (
    <tbody ref={groupRef} className={overriddenBy ? 'server-list__group server-list__group--overridden' : 'server-list__group'} data-server-id={server.id}>
      {/* A built-in server (`builtin: true`) ships with Elftia: status, details and restart, but no switch, Edit or Delete. */}
      <tr
        data-testid={server.builtin ? 'builtin-server' : 'mcp-server-row'}
        data-server-id={server.id}
        data-name={server.name}
        data-origin={server.builtin ? 'builtin' : project ? 'project' : 'global'}
      >
        <th scope="row" className="server-list__name">
          {server.name}
          {server.builtin && (
            <>
                {' '}
                <span className="badge builtin-server__badge">
                  <Lock aria-hidden size={12} /> {t('settings/tools:builtins.builtIn')}
                </span>
                {description && <span className="builtin-server__description">{description}</span>}
            </>
          )}
          <OriginBadge server={server} />
        </th>
        <td>{t(TRANSPORT_KEYS[server.type])}</td>
        <td className="server-list__status">
          <span className="server-list__badges">
            <StatusBadge server={server} />
            <DegradedMarker server={server} />
          </span>
          {overriddenBy && <OverriddenNote name={overriddenBy} />}
          <NextAttempt server={server} />
          <ConnectionFacts server={server} />
          {download && (
            <p className="connection-facts" data-testid="mcp-server-installing">
              <span className="connection-facts__item">{t('settings/tools:connection.installing', { packages: download.packages.join(' ') })}</span>
              {download.lastLine && <span className="connection-facts__item mono">{download.lastLine}</span>}
            </p>
          )}
        </td>
        <td>
          {editable && (
            <input
              id={toggleId}
              type="checkbox"
              role="switch"
              className="switch"
              checked={server.enabled}
              aria-disabled={toggling || undefined}
              aria-label={t('settings/tools:list.enableServer', { name: server.name })}
              onChange={(event) => !toggling && onToggle(server, event.target.checked)}
            />
          )}
        </td>
        <td className="server-list__actions">
          {/* Icons, named for screen readers and titled for the pointer: three words would crowd the row at 900 px. */}
          <button
            ref={detailsButtonRef}
            type="button"
            className="button button--quiet settings-icon-button"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={t('settings/tools:list.detailsFor', { name: server.name })}
            title={t('settings/tools:list.details')}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronDown aria-hidden size={16} className={expanded ? 'server-list__chevron server-list__chevron--open' : 'server-list__chevron'} />
          </button>
          {editable && (
            <>
              <button
                type="button"
                className="button button--quiet settings-icon-button"
                aria-label={t('settings/tools:list.editServer', { name: server.name })}
                title={t('settings/tools:list.edit')}
                onClick={() => onEdit(server)}
              >
                <Pencil aria-hidden size={16} />
              </button>
              <button
                id={deleteButtonId(server.id)}
                type="button"
                className="button button--quiet button--danger settings-icon-button"
                aria-label={t('settings/tools:list.deleteServer', { name: server.name })}
                title={t('settings/tools:list.delete')}
                onClick={() => onDelete(server)}
              >
                <Trash aria-hidden size={16} />
              </button>
            </>
          )}
        </td>
      </tr>
      {error && (
        <tr className="server-list__notice">
          <td colSpan={COLUMN_COUNT}>
            <FailureNotice server={server} error={error} onAction={remedy} />
            {asking && <EnterInputDialog input={asking} onClose={() => setAsking(undefined)} />}
            {installing && (
              <RuntimeInstallDialog
                command={installing}
                onClose={() => setInstalling(undefined)}
                onReady={() => {
                  setInstalling(undefined);
                  onRestart(server);
                }}
              />
            )}
          </td>
        </tr>
      )}
      {needsApproval(server) && onReviewTrust && (
        <tr className="server-list__notice">
          <td colSpan={COLUMN_COUNT}>
            <TrustNotice server={server} onReview={() => onReviewTrust(server)} />
          </td>
        </tr>
      )}
      {!error && server.status === 'connected' && (server.connection?.skippedCount ?? 0) > 0 && (
        <tr className="server-list__notice">
          <td colSpan={COLUMN_COUNT}>
            <SkippedNotice server={server} onShowDetails={() => openDetailsAt('skipped')} />
          </td>
        </tr>
      )}
      {expanded && (
        <tr className="server-list__details">
          <td colSpan={COLUMN_COUNT}>
            {(copyTo || withdraw) && (
              <OriginActions
                server={server}
                copyTo={copyTo}
                onCopy={(to) => onCopy?.(server, to)}
                onUntrust={withdraw && onUntrust ? () => onUntrust(server) : undefined}
              />
            )}
            <ServerDetails server={server} id={detailsId} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
