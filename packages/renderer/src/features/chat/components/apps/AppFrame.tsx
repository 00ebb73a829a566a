import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildAllowAttribute, type McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ApprovalRequest, ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import type { McpAppResourceView, McpAppSandboxView } from '@elftia/desktop/shared/contracts/apps.ts';
import { FailureAlert } from '../../../../components/FailureAlert';
import { type ApprovalAnswer, ApprovalPrompt } from '../tool-call/ApprovalPrompt';
import { type AppHost, useAppHost } from './appHost';
import { OpenLinkDialog } from './OpenLinkDialog';
import { sandboxSource, useAppResource } from './useAppResource';
import { useAppBridge } from './useAppBridge';
import './apps.css';

export interface AppFrameProps {
  call: ToolCallView;
  /** A call the app asked for that waits for the user (ApprovalRequest.appHostCallId = this call's id). */
  approval?: ApprovalRequest;
  onAnswer?: (answer: ApprovalAnswer) => Promise<unknown>;
}

/**
 * The MCP App of a tool call (`toolCall.app`), inside its card: the app's HTML in the sandbox
 * proxy's frame on its own origin, connected over the ext-apps AppBridge (useAppBridge). Shown
 * inline, or over the conversation when expanded (by the user or the app; Esc or Collapse returns).
 * Self-contained — one component and its hooks — so a virtualized list may unmount and mount it
 * again: the app is torn down and started afresh with the same input and result.
 */
export function AppFrame({ call, approval, onAnswer }: AppFrameProps) {
  const host = useAppHost();
  if (!call.app || call.serverId === undefined || !host) return null;
  return <LoadedAppFrame call={call} serverId={call.serverId} uri={call.app.resourceUri} host={host} approval={approval} onAnswer={onAnswer} />;
}

interface LoadedAppFrameProps extends AppFrameProps {
  serverId: string;
  uri: string;
  host: AppHost;
}

function LoadedAppFrame({ call, serverId, uri, host, approval, onAnswer }: LoadedAppFrameProps) {
  const { t } = useTranslation();
  const state = useAppResource(serverId, uri);
  const [displayMode, setDisplayMode] = useState<McpUiDisplayMode>('inline');
  const serverName = call.serverName ?? serverId;
  const expanded = displayMode === 'fullscreen';

  // Esc collapses the expanded app, unless a dialog over it (a link to open) takes its own Esc first.
  const collapseOnEscape = useCallback((): boolean => {
    if (document.querySelector('[role="dialog"]')) return false;
    setDisplayMode('inline');
    return true;
  }, []);
  useEffect(() => {
    if (!expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !collapseOnEscape()) return;
      event.preventDefault();
      event.stopPropagation();
    };
    // Capture: Esc collapses the app before it would stop the running turn.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [expanded, collapseOnEscape]);

  return (
    <section
      className={`app-frame app-frame--${displayMode}`}
      aria-label={t('chat/apps:label', { server: serverName })}
      data-testid="app-frame"
      data-display-mode={displayMode}
      data-state={state.status}
    >
      <div className="app-frame__bar">
        <span className="app-frame__name">{t('chat/apps:label', { server: serverName })}</span>
        {state.status === 'ready' && (
          <button type="button" className="button button--quiet app-frame__toggle" onClick={() => setDisplayMode(expanded ? 'inline' : 'fullscreen')} data-testid="app-frame-toggle">
            {expanded ? t('chat/apps:collapse') : t('chat/apps:expand')}
          </button>
        )}
      </div>
      {state.status === 'loading' && (
        <p className="app-frame__loading" role="status">
          {t('chat/apps:loading')}
        </p>
      )}
      {state.status === 'error' && <FailureAlert error={state.error} />}
      {state.status === 'ready' && (
        <SandboxFrame
          call={call}
          serverId={serverId}
          serverName={serverName}
          host={host}
          sandbox={state.sandbox}
          resource={state.resource}
          displayMode={displayMode}
          setDisplayMode={setDisplayMode}
          // An Esc inside the app's frame never reaches this document: the frame reports it.
          onEscape={() => {
            if (expanded) collapseOnEscape();
          }}
        />
      )}
      {approval && onAnswer && (
        <div className="app-frame__approval">
          <p className="app-frame__approval-note">{t('chat/apps:approvalNote', { server: serverName })}</p>
          <ApprovalPrompt request={approval} onAnswer={onAnswer} showArguments />
        </div>
      )}
    </section>
  );
}

interface SandboxFrameProps {
  call: ToolCallView;
  serverId: string;
  serverName: string;
  host: AppHost;
  sandbox: McpAppSandboxView;
  resource: McpAppResourceView;
  displayMode: McpUiDisplayMode;
  setDisplayMode(mode: McpUiDisplayMode): void;
  onEscape(): void;
}

function SandboxFrame({ call, serverId, serverName, host, sandbox, resource, displayMode, setDisplayMode, onEscape }: SandboxFrameProps) {
  const { t } = useTranslation();
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [link, setLink] = useState<{ url: URL; answer(opened: boolean): void }>();
  const pendingLink = useRef(link);
  pendingLink.current = link;
  const confirmLink = useCallback(
    (url: URL) =>
      new Promise<boolean>((resolve) => {
        // A second request while one is asked answers the first as declined.
        pendingLink.current?.answer(false);
        setLink({ url, answer: resolve });
      }),
    [],
  );
  // An unanswered question is declined when the app goes.
  useEffect(() => () => pendingLink.current?.answer(false), []);

  const { initialized, broken, height } = useAppBridge({ frame, sandbox, resource, call, serverId, host, displayMode, setDisplayMode, onEscape, confirmLink });

  return (
    <>
      {!initialized && !broken && (
        <p className="app-frame__loading" role="status">
          {t('chat/apps:starting')}
        </p>
      )}
      {broken && (
        <p className="form__failure" role="alert" data-testid="app-frame-broken">
          {t('chat/apps:broken')}
        </p>
      )}
      <iframe
        ref={setFrame}
        className="app-frame__frame"
        title={t('chat/apps:frameTitle', { server: serverName })}
        src={sandboxSource(sandbox, resource)}
        // The proxy page runs on its own origin and needs it (allow-same-origin) to be a real origin the
        // host can check; the app itself runs one frame further in, without it (the proxy's inner frame).
        sandbox="allow-scripts allow-same-origin allow-forms"
        allow={buildAllowAttribute(resource.permissions)}
        referrerPolicy="no-referrer"
        style={displayMode === 'inline' && height !== undefined ? { height } : undefined}
        data-testid="app-frame-iframe"
        data-initialized={initialized || undefined}
      />
      {link && (
        <OpenLinkDialog
          url={link.url}
          serverName={serverName}
          onDone={(opened) => {
            link.answer(opened);
            setLink(undefined);
          }}
        />
      )}
    </>
  );
}
