import { useEffect, useId, useRef, useState } from 'react';
import './importExport.css';
import { useTranslation } from 'react-i18next';
import type { ImportSource, ImportSourceId } from '@elftia/desktop/shared/contracts/mcp-import.ts';
import { Dialog } from '../../../../../../components/Dialog';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { ImportPreviewTable } from './ImportPreviewTable';
import { useImportPreview } from './useImportPreview';

export interface ImportDialogProps {
  onClose: () => void;
  /** Called after an import with the names added. */
  onImported: (names: string[]) => void;
}

/**
 * Settings → Servers → Import…: paste a config (or a command line), choose a file, or take another
 * app's config file found on this machine; the preview shows what would be added, renamed or skipped
 * and every error by entry and field. Nothing changes until Import, which adds all of it or none.
 */
export function ImportDialog({ onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [text, setText] = useState('');
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  const fileRef = useRef<HTMLInputElement>(null);
  const textId = useId();
  const hintId = useId();
  const [sources, setSources] = useState<ImportSource[]>([]);
  useEffect(() => {
    let current = true;
    // No sources found (or none readable) just means no buttons.
    api.mcp.importSources.query().then((found) => current && setSources(found), () => undefined);
    return () => {
      current = false;
    };
  }, [api]);
  const { preview, failure: previewFailure } = useImportPreview(text, [...skipped]);
  const count = preview?.entries.filter((entry) => entry.action !== 'skip').length ?? 0;
  const canImport = preview !== undefined && preview.errors.length === 0 && count > 0 && !busy;

  function replaceText(next: string) {
    setText(next);
    setSkipped(new Set());
    setFailure(undefined);
  }

  async function loadSource(id: ImportSourceId) {
    try {
      replaceText((await api.mcp.importSourceText.query({ id })).text);
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }

  async function loadFile(file: File | undefined) {
    if (file) replaceText(await file.text());
  }

  async function apply() {
    if (!canImport) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await api.mcp.importApply.mutate({ text, skip: [...skipped] });
      onImported(result.added.map((server) => server.name));
      onClose();
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('settings/tools:importExport.importTitle')} onClose={onClose} className="dialog--wide import-dialog">
      <FailureAlert error={failure ?? previewFailure} />
      {sources.length > 0 && (
        <div className="import-dialog__sources" role="group" aria-label={t('settings/tools:importExport.sourcesLabel')}>
          {sources.map((source) => (
            <button key={source.id} type="button" className="button button--quiet" title={source.path} onClick={() => void loadSource(source.id)}>
              {t('settings/tools:importExport.fromSource', { app: t(`settings/tools:importExport.sources.${source.id}`) })}
            </button>
          ))}
        </div>
      )}
      <label htmlFor={textId} className="field__label">
        {t('settings/tools:importExport.pasteLabel')}
      </label>
      <p id={hintId} className="field__hint">
        {t('settings/tools:importExport.pasteHint')}
      </p>
      <textarea
        id={textId}
        className="import-dialog__text"
        aria-describedby={hintId}
        rows={7}
        spellCheck={false}
        value={text}
        data-autofocus
        onChange={(event) => replaceText(event.target.value)}
      />
      <div className="import-dialog__file">
        <button type="button" className="button button--quiet" onClick={() => fileRef.current?.click()}>
          {t('settings/tools:importExport.chooseFile')}
        </button>
        <input ref={fileRef} type="file" accept=".json,.jsonc,application/json,text/plain" hidden onChange={(event) => void loadFile(event.target.files?.[0])} />
      </div>
      {preview && (
        <ImportPreviewTable
          preview={preview}
          skipped={skipped}
          onToggle={(name, include) =>
            setSkipped((current) => {
              const next = new Set(current);
              if (include) next.delete(name);
              else next.add(name);
              return next;
            })
          }
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('settings/tools:importExport.cancel')}
        </button>
        <button type="button" className="button button--primary" aria-disabled={!canImport || undefined} onClick={() => void apply()}>
          {t('settings/tools:importExport.importButton', { count })}
        </button>
      </div>
    </Dialog>
  );
}
