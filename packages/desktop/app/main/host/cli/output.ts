import type { AppErrorData } from '../../../shared/contracts/errors';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { maskArgs, maskUrl, SECRET_SET } from '../../../shared/contracts/secrets';
import { type Translate, errorMessage } from '../messages';
import { oneLine, terminalJson } from './terminalText';

/** Quotes an argument only when a reader could misread where it ends. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./•-]+$/.test(word) ? word : JSON.stringify(word);
}

/**
 * The command line or URL, then the names of its env variables or headers with masked values, and
 * any watched paths. Masks again what the router already masked, so no caller can print a secret.
 */
export function describeTarget(record: McpServerRecord): string {
  const { config } = record;
  if (record.type === 'stdio') {
    const parts = [[config.command ?? '', ...maskArgs(config.args ?? [])].map(shellWord).join(' ')];
    const env = Object.keys(config.env ?? {}).map((key) => `${key}=${SECRET_SET}`);
    if (env.length > 0) parts.push(`[env: ${env.join(' ')}]`);
    if ((config.watchPaths ?? []).length > 0) parts.push(`[watch: ${(config.watchPaths ?? []).map(shellWord).join(' ')}]`);
    return parts.join('  ');
  }
  const headers = Object.keys(config.headers ?? {}).map((key) => `${key}: ${SECRET_SET}`);
  const url = maskUrl(config.url ?? '');
  return headers.length > 0 ? `${url}  [headers: ${headers.join(', ')}]` : url;
}

/** East Asian wide and fullwidth characters (CJK, kana, hangul, fullwidth forms) take two terminal columns. */
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

/** Terminal columns a string takes, so tables with Chinese or Japanese headers stay aligned. */
export function displayWidth(text: string): number {
  return text.length + (text.match(WIDE)?.length ?? 0);
}

/** Left-aligned columns separated by two spaces; the last column is not padded. A cell is one line, whatever a server put in it. */
export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows].map((row) => row.map(oneLine));
  const widths = header.map((_, column) => Math.max(...all.map((row) => displayWidth(row[column] ?? ''))));
  const pad = (cell: string, column: number) => cell + ' '.repeat(Math.max(0, (widths[column] ?? 0) - displayWidth(cell)));
  return all
    .map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, column))).join('  ').trimEnd())
    .join('\n');
}

export function serverTable(records: McpServerRecord[], t: Translate): string {
  const yes = t('cli/messages:list.yes');
  const no = t('cli/messages:list.no');
  const unreadable = t('cli/messages:list.secretsUnreadable');
  const inherits = t('cli/messages:list.inheritsEnv');
  const rows = records.map((r) => {
    const marks = [r.config.inheritEnv ? `[${inherits}]` : '', r.secretsUnreadable ? unreadable : ''].filter(Boolean);
    return [r.name, r.type, r.enabled ? yes : no, [describeTarget(r), ...marks].join('  ')];
  });
  const header = [t('cli/messages:columns.name'), t('cli/messages:columns.transport'), t('cli/messages:columns.enabled'), t('cli/messages:columns.target')];
  return formatTable(header, rows);
}

/** The translated error, then the redacted cause (often the server's last stderr lines) indented below. */
export function describeError(error: AppErrorData, t: Translate): string[] {
  const lines = [errorMessage(t, error.code, error.params)];
  const detail = error.params?.detail;
  if (detail !== undefined && String(detail).trim() !== '') lines.push(...String(detail).trimEnd().split('\n').map((line) => `  ${line}`));
  return lines;
}

/** The first line of a (often multi-paragraph) description, for one-line table cells. */
export function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split(/\r?\n/)[0]?.trim() ?? '';
}

/** One JSON value on a line, with nothing in its strings a terminal acts on (terminalJson). */
export function jsonLine(value: unknown): string {
  return `${terminalJson(value)}\n`;
}
