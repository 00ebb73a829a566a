import { useEffect, useId, useState } from 'react';
import './importExport.css';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { Dialog } from '../../../../../../components/Dialog';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';

export interface ExportDialogProps {
  servers: McpServerView[];
  onClose: () => void;
}

/**
 * Settings → Servers → Export…: the chosen servers as `mcpServers` JSON to copy or download. Secrets
 * become `${input:…}` references unless "Include secrets" is ticked (with a warning).
 */
export function ExportDialog({ servers, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(servers.map((server) => server.id)));
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [copied, setCopied] = useState(false);
  const warningId = useId();
  const textId = useId();
  const ids = servers.filter((server) => chosen.has(server.id)).map((server) => server.id);
  const idsKey = ids.join('\n');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<DisplayError>();
  useEffect(() => {
    let current = true;
    api.mcp.exportServers.query({ ids: idsKey === '' ? [] : idsKey.split('\n'), includeSecrets }).then(
      (answer) => {
        if (!current) return;
        setText(answer.text);
        setFailure(undefined);
      },
      (error: unknown) => current && setFailure(toDisplayError(error)),
    );
    return () => {
      current = false;
    };
  }, [api, idsKey, includeSecrets]);

  function toggle(id: string, on: boolean) {
    setCopied(false);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'mcp.json';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Dialog title={t('settings/tools:importExport.exportTitle')} onClose={onClose} className="dialog--wide export-dialog">
      <FailureAlert error={failure} />
      <fieldset className="export-dialog__servers">
        <legend>{t('settings/tools:importExport.chooseServers')}</legend>
        {servers.map((server) => (
          <label key={server.id} className="export-dialog__server">
            <input type="checkbox" checked={chosen.has(server.id)} onChange={(event) => toggle(server.id, event.target.checked)} />
            {server.name}
          </label>
        ))}
      </fieldset>
      <label className="export-dialog__secrets">
        <input type="checkbox" checked={includeSecrets} aria-describedby={includeSecrets ? warningId : undefined} onChange={(event) => setIncludeSecrets(event.target.checked)} />
        {t('settings/tools:importExport.includeSecrets')}
      </label>
      {includeSecrets && (
        <p id={warningId} className="export-dialog__warning" role="note">
          {t('settings/tools:importExport.secretsWarning')}
        </p>
      )}
      <label htmlFor={textId} className="field__label">
        {t('settings/tools:importExport.exportText')}
      </label>
      <textarea id={textId} className="import-dialog__text" rows={8} readOnly spellCheck={false} value={text} />
      <div className="dialog__actions">
        <span className="export-dialog__copied" role="status">
          {copied ? t('settings/tools:importExport.copied') : ''}
        </span>
        <button type="button" className="button" onClick={onClose}>
          {t('settings/tools:importExport.close')}
        </button>
        <button type="button" className="button" aria-disabled={text === '' || undefined} onClick={() => text !== '' && download()}>
          {t('settings/tools:importExport.download')}
        </button>
        <button type="button" className="button button--primary" aria-disabled={text === '' || undefined} onClick={() => text !== '' && void copy()}>
          {t('settings/tools:importExport.copy')}
        </button>
      </div>
    </Dialog>
  );
}
