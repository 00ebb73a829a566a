/**
 * Reads a config as JSON the way the apps that write it do: VS Code's mcp.json and settings.json are
 * JSONC (comments, trailing commas), and a Claude Desktop file pasted from a guide often has a
 * trailing comma. A syntax error names its line and column, so the user can find it.
 */

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; line: number; column: number };

/** Parses `text` as JSON with comments and trailing commas allowed. */
export function parseJsonText(text: string): JsonTextResult {
  const plain = withoutCommentsAndTrailingCommas(text);
  try {
    return { ok: true, value: JSON.parse(plain) as unknown };
  } catch (error) {
    const at = errorOffset(error, plain);
    return { ok: false, ...lineAndColumn(text, at) };
  }
}

/**
 * The text with comments and trailing commas blanked out by spaces: every other character keeps its
 * offset, so an error's position is still a position in what the user wrote.
 */
export function withoutCommentsAndTrailingCommas(text: string): string {
  const out = text.split('');
  let i = 0;
  let lastComma = -1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      lastComma = -1;
      i = endOfString(text, i);
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') out[i++] = ' ';
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i += 1) if (text[i] !== '\n') out[i] = ' ';
      continue;
    }
    if (ch === ',') lastComma = i;
    else if ((ch === '}' || ch === ']') && lastComma >= 0) {
      out[lastComma] = ' ';
      lastComma = -1;
    } else if (ch !== undefined && !/\s/.test(ch)) lastComma = -1;
    i += 1;
  }
  return out.join('');
}

/** The offset just after the string that starts at `start` (a `"`). */
export function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i += 1;
  }
  return text.length;
}

/** Where JSON.parse stopped: V8 names a position, or the input ended. */
function errorOffset(error: unknown, text: string): number {
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message);
  if (position?.[1]) return Number(position[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn?.[1] && lineColumn[2]) return offsetOf(text, Number(lineColumn[1]), Number(lineColumn[2]));
  return text.trimEnd().length;
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l += 1) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/** 1-based line and column of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}
