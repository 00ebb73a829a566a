import { useTranslation } from 'react-i18next';
import type { ImportEntry, ImportPreview } from '@elftia/desktop/shared/contracts/mcp-import.ts';
import { fieldErrorMessage } from '../../../../../../lib/fieldErrorMessage';

export interface ImportPreviewTableProps {
  preview: ImportPreview;
  /** Entries the user left out (their name in the file). */
  skipped: ReadonlySet<string>;
  onToggle: (sourceName: string, include: boolean) => void;
}

/** What an import would do, one row per entry (add / rename / skip and why), then every error by entry and field. */
export function ImportPreviewTable({ preview, skipped, onToggle }: ImportPreviewTableProps) {
  const { t } = useTranslation();
  return (
    <div className="import-preview">
      {preview.dialect && <p className="import-preview__dialect">{t('settings/tools:importExport.readAs', { dialect: t(`settings/tools:importExport.dialects.${preview.dialect}`) })}</p>}
      {preview.entries.length > 0 && (
        <table className="import-preview__table">
          <thead>
            <tr>
              <th scope="col">{t('settings/tools:importExport.columns.include')}</th>
              <th scope="col">{t('settings/tools:importExport.columns.name')}</th>
              <th scope="col">{t('settings/tools:importExport.columns.action')}</th>
              <th scope="col">{t('settings/tools:importExport.columns.details')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.entries.map((entry) => (
              <tr key={entry.sourceName} data-action={entry.action}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('settings/tools:importExport.include', { name: entry.sourceName })}
                    checked={!skipped.has(entry.sourceName) && entry.reason !== 'identical' && entry.reason !== 'unsupported'}
                    disabled={entry.reason === 'identical' || entry.reason === 'unsupported'}
                    onChange={(event) => onToggle(entry.sourceName, event.target.checked)}
                  />
                </td>
                <th scope="row">{entry.name}</th>
                <td>{actionText(entry, t)}</td>
                <td className="import-preview__details">
                  {entry.type && <span className="import-preview__type">{entry.type}</span>} {entry.summary}
                  {entry.notApplied.length > 0 && entry.action !== 'skip' && (
                    <span className="import-preview__note">{t('settings/tools:importExport.notApplied', { fields: entry.notApplied.join(', ') })}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.errors.length > 0 && (
        <div role="alert" className="import-preview__errors">
          <p>{t('settings/tools:importExport.errorsTitle')}</p>
          <ul>
            {preview.errors.map((problem) => (
              <li key={`${problem.entry ?? ''}\u0000${problem.field}`}>
                <code>{problem.entry === undefined ? problem.field : `${problem.entry} › ${problem.field}`}</code>: {fieldErrorMessage(t, problem)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function actionText(entry: ImportEntry, t: ReturnType<typeof useTranslation>['t']): string {
  switch (entry.action) {
    case 'add':
      return t('settings/tools:importExport.actions.add');
    case 'rename':
      return t('settings/tools:importExport.actions.rename', { from: entry.sourceName, existing: entry.existingName ?? '' });
    case 'skip':
      return t(`settings/tools:importExport.reasons.${entry.reason ?? 'invalid'}`, { existing: entry.existingName ?? '' });
  }
}
