import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { type McpServerInputParsed, toInput } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { useApi } from '../../../../../lib/api';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../../lib/appError';
import { useApiSubscription } from '../../../../../lib/useApiSubscription';
import { BuiltinServerList } from './builtins/BuiltinServerList';
import { DeleteServerDialog } from './DeleteServerDialog';
import { McpServerForm } from './McpServerForm';
import { McpServerList } from './McpServerList';
import type { OAuthClientSubmit } from './types';
import { useFocusAfterDelete } from './useFocusAfterDelete';
import type { OriginView } from './origin/serverOrigin';
import { TrustDialog } from './trust/TrustDialog';
import { WorkspaceBar } from './workspace/WorkspaceBar';
import { FailureAlert } from '../../../../../components/FailureAlert';
import { ExportDialog } from './importExport/ExportDialog';
import { ImportDialog } from './importExport/ImportDialog';
import './importExport/importExport.css';
import { RegistryBrowser } from './registry/RegistryBrowser';
import { useOpenSection } from '../../../SettingsNavigation';

type OpenDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'export' }
  | { kind: 'edit'; server: McpServerView }
  | { kind: 'delete'; server: McpServerView }
  | { kind: 'trust'; serverId: string };

/** What the last copy made, announced above the list. */
type Copied = { name: string; to: 'global' | 'project' };

export interface ServersSectionProps {
  /** The server whose details open by themselves and scroll into view (one just added from a preset). */
  revealId?: string | undefined;
}

/**
 * Settings → Servers: the MCP servers with their live status, then Elftia's built-in servers. The
 * list is whatever mcp.onServersChanged last said, so a server added here, by the CLI, from a preset
 * or by another window shows up the same way; mutations never patch the list locally.
 */
export function ServersSection({ revealId }: ServersSectionProps) {
  const { t } = useTranslation();
  const api = useApi();
  const servers = useApiSubscription((a) => a.mcp.onServersChanged);
  const workspace = useApiSubscription((a) => a.workspace.onChanged);
  const [copied, setCopied] = useState<Copied>();
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const [toggling, setToggling] = useState<ReadonlySet<string>>(() => new Set());
  const [actionFailure, setActionFailure] = useState<DisplayError>();
  const [imported, setImported] = useState<string[]>();
  const close = () => setDialog({ kind: 'none' });
  const titleId = useId();
  const addButtonId = useId();
  const focusAfterDelete = useFocusAfterDelete(servers.data, addButtonId);
  const openSection = useOpenSection();
  // "Browse the MCP Registry" is a page inside Servers; leaving it returns focus to its button.
  const [browsing, setBrowsing] = useState(false);
  const browseButton = useRef<HTMLButtonElement>(null);
  const focusBrowse = useRef(false);
  useEffect(() => {
    if (browsing || !focusBrowse.current) return;
    focusBrowse.current = false;
    browseButton.current?.focus();
  }, [browsing]);

  async function toggle(server: McpServerView, enabled: boolean) {
    setActionFailure(undefined);
    setToggling((ids) => new Set(ids).add(server.id));
    try {
      await api.mcp.setEnabled.mutate({ id: server.id, enabled });
    } catch (error) {
      setActionFailure(toDisplayError(error));
    } finally {
      setToggling((ids) => {
        const next = new Set(ids);
        next.delete(server.id);
        return next;
      });
    }
  }

  async function restart(server: McpServerView) {
    setActionFailure(undefined);
    try {
      await api.mcp.restart.mutate({ id: server.id });
    } catch (error) {
      // The row shows the connection's own failure; this says the restart itself went wrong.
      setActionFailure(toDisplayError(error));
    }
  }

  async function copy(server: OriginView, to: 'global' | 'project') {
    setActionFailure(undefined);
    setCopied(undefined);
    try {
      const made = await (to === 'global' ? api.mcp.copyToGlobal : api.mcp.copyToProject).mutate({ id: server.id });
      setCopied({ name: made.name, to });
    } catch (error) {
      setActionFailure(toDisplayError(error));
    }
  }

  const trust = (server: OriginView) => api.mcp.trust.mutate({ id: server.id });

  async function untrust(server: OriginView) {
    setActionFailure(undefined);
    try {
      await api.mcp.untrust.mutate({ id: server.id });
    } catch (error) {
      setActionFailure(toDisplayError(error));
    }
  }

  // A pre-registered OAuth client typed in the form is stored once the server is (mcp.auth.setClient).
  const withClient = async (saved: McpServerView, client: OAuthClientSubmit | undefined) => {
    if (client) await api.mcp.auth.setClient.mutate({ serverId: saved.id, ...client });
    return saved;
  };
  const add = async (input: McpServerInputParsed, client?: OAuthClientSubmit) => withClient(await api.mcp.add.mutate(input), client);
  const update = (id: string) => async (input: McpServerInputParsed, client?: OAuthClientSubmit) => withClient(await api.mcp.update.mutate({ id, ...input }), client);
  const remove = async (server: McpServerView) => {
    await api.mcp.remove.mutate({ id: server.id });
    focusAfterDelete(server.id);
  };

  // The dialog follows the live list: a server removed from the project file meanwhile closes it.
  const trusting = dialog.kind === 'trust' ? servers.data?.find((server) => server.id === dialog.serverId) : undefined;
  const revealed = revealId === undefined ? undefined : servers.data?.find((server) => server.id === revealId);

  if (browsing) {
    return (
      <RegistryBrowser
        onBack={() => {
          focusBrowse.current = true;
          setBrowsing(false);
        }}
        onAdded={(server) => {
          setBrowsing(false);
          // Like a preset: the new server's details open, showing its download, status and tools.
          openSection('servers', { revealServerId: server.id });
        }}
      />
    );
  }

  return (
    <section className="settings-section-page" aria-labelledby={titleId}>
      <div className="section-header section-header--servers">
        <div>
          <h2 id={titleId}>{t('settings/tools:title')}</h2>
          <p className="section-header__description">{t('settings/tools:description')}</p>
        </div>
        <div className="section-header__actions">
          <button ref={browseButton} type="button" className="button" onClick={() => setBrowsing(true)}>
            {t('settings/registry:open')}
          </button>
          <button type="button" className="button" onClick={() => setDialog({ kind: 'import' })}>
            {t('settings/tools:importExport.importOpen')}
          </button>
          <button type="button" className="button" aria-disabled={(servers.data?.length ?? 0) === 0 || undefined} onClick={() => (servers.data?.length ?? 0) > 0 && setDialog({ kind: 'export' })}>
            {t('settings/tools:importExport.exportOpen')}
          </button>
          <button id={addButtonId} type="button" className="button button--primary" onClick={() => setDialog({ kind: 'add' })}>
            {t('settings/tools:addServer')}
          </button>
        </div>
      </div>

      <WorkspaceBar workspace={workspace.data ?? null} />

      {imported && (
        <p className="presets__notice" role="status">
          {t('settings/tools:importExport.importedNotice', { count: imported.length, names: imported.join(', ') })}
        </p>
      )}

      {revealed && (
        <p className="presets__notice" role="status">
          {t('settings/tools:presets.addedNotice', { name: revealed.name })}
        </p>
      )}
      {copied && (
        <p className="presets__notice" role="status">
          {t(copied.to === 'global' ? 'settings/tools:copy.copiedToGlobal' : 'settings/tools:copy.copiedToProject', { name: copied.name })}
        </p>
      )}
      <FailureAlert error={actionFailure} />
      {servers.error !== undefined && (
        <p className="form__failure" role="alert">
          {t('settings/tools:loadFailed')} {t(errorMessageKey(toDisplayError(servers.error).code))}
        </p>
      )}
      {servers.data === undefined ? (
        servers.error === undefined && <p className="empty-state">{t('settings/tools:loading')}</p>
      ) : (
        <McpServerList
          servers={servers.data}
          toggling={toggling}
          onToggle={(server, enabled) => void toggle(server, enabled)}
          onEdit={(server) => setDialog({ kind: 'edit', server })}
          onDelete={(server) => setDialog({ kind: 'delete', server })}
          onRestart={(server) => void restart(server)}
          onReviewTrust={(server) => setDialog({ kind: 'trust', serverId: server.id })}
          onCopy={(server, to) => void copy(server, to)}
          onUntrust={(server) => void untrust(server)}
          workspaceOpen={Boolean(workspace.data)}
          revealId={revealId}
          onBrowseRegistry={() => setBrowsing(true)}
        />
      )}

      <BuiltinServerList />

      {dialog.kind === 'add' && <McpServerForm mode={{ kind: 'add' }} onSubmit={add} onClose={close} />}
      {dialog.kind === 'edit' && (
        <McpServerForm
          mode={{ kind: 'edit', id: dialog.server.id }}
          initial={toInput(dialog.server)}
          onSubmit={update(dialog.server.id)}
          onClose={close}
        />
      )}
      {trusting && <TrustDialog server={trusting} onTrust={trust} onClose={close} />}
      {dialog.kind === 'import' && <ImportDialog onClose={close} onImported={setImported} />}
      {dialog.kind === 'export' && servers.data && <ExportDialog servers={servers.data} onClose={close} />}
      {dialog.kind === 'delete' && <DeleteServerDialog server={dialog.server} onConfirm={remove} onClose={close} />}
    </section>
  );
}
