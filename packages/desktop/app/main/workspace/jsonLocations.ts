/**
 * Where things are in a JSON text, for errors that name a line and column: JSON.parse gives values
 * without positions and silently keeps the last of two equal keys, which a project file must report.
 */

export interface TextPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units like editors count. */
  column: number;
}

export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** The offset a JSON.parse SyntaxError names (`at position N`), or the end of the text (`Unexpected end`). */
export function syntaxErrorOffset(text: string, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  const match = /position (\d+)/.exec(message);
  return match ? Number(match[1]) : text.length;
}

export interface KeyLocation {
  /** The keys from the top down, e.g. ['mcpServers', 'lint', 'command']. */
  path: string[];
  offset: number;
}

/**
 * Every object key of a valid JSON text with its path and offset, in document order, duplicates
 * included. Array items are skipped over (their keys are not needed).
 */
export function keyLocations(text: string): KeyLocation[] {
  const out: KeyLocation[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i += 1;
  };
  const readString = (): string => {
    const start = i;
    i += 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i += 1;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string[] | undefined): void => {
    skipSpace();
    const ch = text[i];
    if (ch === '{') {
      i += 1;
      skipSpace();
      while (i < text.length && text[i] !== '}') {
        skipSpace();
        const offset = i;
        const key = readString();
        const keyPath = path ? [...path, key] : undefined;
        if (keyPath) out.push({ path: keyPath, offset });
        skipSpace();
        i += 1; // ':'
        value(keyPath);
        skipSpace();
        if (text[i] === ',') i += 1;
        skipSpace();
      }
      i += 1;
    } else if (ch === '[') {
      i += 1;
      skipSpace();
      while (i < text.length && text[i] !== ']') {
        value(undefined);
        skipSpace();
        if (text[i] === ',') i += 1;
        skipSpace();
      }
      i += 1;
    } else if (ch === '"') readString();
    else while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i += 1;
  };
  value([]);
  return out;
}

/** The offset of the key at `path`, or of the nearest ancestor that is there. */
export function offsetOf(locations: readonly KeyLocation[], path: readonly string[]): number | undefined {
  for (let depth = path.length; depth > 0; depth -= 1) {
    const want = path.slice(0, depth);
    const found = locations.find((location) => location.path.length === depth && location.path.every((key, index) => key === want[index]));
    if (found) return found.offset;
  }
  return undefined;
}
