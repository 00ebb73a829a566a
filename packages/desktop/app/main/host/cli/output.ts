import type { McpServerRecord } from '../../../shared/contracts/mcp-types';

/** Shown instead of an env or header value: they often hold API keys. */
export const SECRET_MASK = '••••';

function maskValues(values: Record<string, string> | undefined): Record<string, string> | undefined {
  return values && Object.fromEntries(Object.keys(values).map((key) => [key, SECRET_MASK]));
}

/** A copy of the record with every env and header value replaced by the mask. */
export function maskSecrets<T extends McpServerRecord>(record: T): T {
  const config = { ...record.config };
  if (config.env) config.env = maskValues(config.env);
  if (config.headers) config.headers = maskValues(config.headers);
  return { ...record, config };
}

/** Quotes an argument only when a reader could misread where it ends. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word);
}

/** The command line or URL, then the names of its env variables or headers with masked values. */
export function describeTarget(record: McpServerRecord): string {
  const { config } = record;
  if (record.type === 'stdio') {
    const line = [config.command ?? '', ...(config.args ?? [])].map(shellWord).join(' ');
    const env = Object.keys(config.env ?? {}).map((key) => `${key}=${SECRET_MASK}`);
    return env.length > 0 ? `${line}  [env: ${env.join(' ')}]` : line;
  }
  const headers = Object.keys(config.headers ?? {}).map((key) => `${key}: ${SECRET_MASK}`);
  return headers.length > 0 ? `${config.url ?? ''}  [headers: ${headers.join(', ')}]` : (config.url ?? '');
}

/** Left-aligned columns separated by two spaces; the last column is not padded. */
export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all
    .map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ').trimEnd())
    .join('\n');
}

export function serverTable(records: McpServerRecord[]): string {
  const rows = records.map((r) => [r.name, r.type, r.enabled ? 'yes' : 'no', describeTarget(r)]);
  return formatTable(['NAME', 'TRANSPORT', 'ENABLED', 'TARGET'], rows);
}

export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
