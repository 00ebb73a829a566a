/** `elftia mcp import`'s preview as terminal lines: one per entry, then what is not applied and the errors. */
import type { ImportEntry, ImportPreview } from '../../../shared/contracts/mcp-import';
import type { Translate } from '../messages';
import { formatTable } from './output';

const MARK: Record<ImportEntry['action'], string> = { add: '+', rename: '~', skip: '-' };

export function previewText(preview: ImportPreview, t: Translate): string {
  const lines: string[] = [];
  if (preview.dialect) lines.push(t('cli/messages:import.readAs', { dialect: t(`cli/messages:import.dialects.${preview.dialect}`) }));
  if (preview.entries.length > 0) {
    const rows = preview.entries.map((entry) => [MARK[entry.action], entry.name, entry.type ?? '', actionText(entry, t), entry.summary ?? '']);
    lines.push(formatTable(['', t('cli/messages:columns.name'), t('cli/messages:columns.transport'), t('cli/messages:import.columns.action'), t('cli/messages:columns.target')], rows).trimEnd());
  }
  for (const entry of preview.entries.filter((e) => e.notApplied.length > 0 && e.action !== 'skip')) {
    lines.push(t('cli/messages:import.notApplied', { name: entry.name, fields: entry.notApplied.join(', ') }));
  }
  if (preview.errors.length > 0) {
    lines.push(t('cli/messages:import.errors'));
    for (const problem of preview.errors) {
      const where = problem.entry === undefined ? problem.field : `${problem.entry} › ${problem.field}`;
      lines.push(`  ${where}: ${t(`validation.${problem.code}`, problem.params ?? {})}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function actionText(entry: ImportEntry, t: Translate): string {
  switch (entry.action) {
    case 'add':
      return t('cli/messages:import.actions.add');
    case 'rename':
      return t('cli/messages:import.actions.rename', { from: entry.sourceName, existing: entry.existingName ?? '' });
    case 'skip':
      return t(`cli/messages:import.reasons.${entry.reason ?? 'invalid'}`, { existing: entry.existingName ?? '' });
  }
}

/** How many servers an apply would add. */
export function addCount(preview: ImportPreview): number {
  return preview.entries.filter((entry) => entry.action !== 'skip').length;
}
