/**
 * What the kept head and tail of a JSON-RPC line too long to read say about it: its `id`, and whether
 * it has a `method` (a request or notification from the server, not an answer to us). Servers write
 * the envelope's `id` first (Python's and Go's SDKs: `{"jsonrpc","id","result"}`) or last (the
 * TypeScript SDK: `{"result",…,"jsonrpc","id"}`), so one of the two ends usually holds it.
 */

export type JsonRpcId = string | number;

/**
 * `error.data.reason` of the JSON-RPC error the transport answers a request with when the server's
 * answer to it was too long to read (McpServiceError maps it to RESULT_TOO_LARGE).
 */
export const RESULT_TOO_LARGE_REASON = 'elftia/resultTooLarge';

export interface HeadFacts {
  id: JsonRpcId | undefined;
  /** A top-level `method` member was seen: the line is not a response. */
  hasMethod: boolean;
}

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const LITERAL = /^(?:true|false|null)/;

/**
 * Reads the top-level members of the line's start until a value runs past the end of `head`. Only
 * the members before the first huge one can be read; that is where `id` sits when servers put it first.
 */
export function scanHead(head: string): HeadFacts {
  const facts: HeadFacts = { id: undefined, hasMethod: false };
  const reader = new Cursor(head);
  if (!reader.take('{')) return facts;
  for (;;) {
    const key = reader.string();
    if (key === undefined || !reader.take(':')) return facts;
    reader.space();
    if (key === 'id') {
      const id = reader.scalarId();
      if (id === undefined) return facts;
      facts.id = id;
    } else {
      if (key === 'method') facts.hasMethod = true;
      if (!reader.skipValue()) return facts;
    }
    if (!reader.take(',')) return facts;
  }
}

/** The top-level `id` when it is among the scalar members that end the line. */
export function idFromTail(tail: string): JsonRpcId | undefined {
  // `"id": V` directly at top level: only scalar members may follow it before the final `}`.
  const scalar = String.raw`(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)`;
  const member = String.raw`\s*,\s*"(?:[^"\\]|\\.)*"\s*:\s*${scalar}`;
  const pattern = new RegExp(String.raw`[{,]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")(?:${member})*\s*}\s*$`);
  const match = pattern.exec(tail);
  return match?.[1] === undefined ? undefined : parseId(match[1]);
}

function parseId(text: string): JsonRpcId | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A forward reader over a possibly cut JSON text; every method fails (returns false/undefined) at its end. */
class Cursor {
  private at = 0;

  constructor(private readonly text: string) {}

  space(): void {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at] as string)) this.at += 1;
  }

  take(char: string): boolean {
    this.space();
    if (this.text[this.at] !== char) return false;
    this.at += 1;
    return true;
  }

  string(): string | undefined {
    this.space();
    const start = this.at;
    if (!this.skipString()) return undefined;
    return parseId(this.text.slice(start, this.at)) as string | undefined;
  }

  scalarId(): JsonRpcId | undefined {
    const rest = this.text.slice(this.at, this.at + 300);
    if (rest.startsWith('"')) return this.string();
    const number = NUMBER.exec(rest)?.[0];
    // A number cut by the end of the head may be missing digits: only one followed by more text counts.
    if (number === undefined || this.at + number.length >= this.text.length) return undefined;
    this.at += number.length;
    return Number(number);
  }

  skipValue(): boolean {
    const char = this.text[this.at];
    if (char === '"') return this.skipString();
    if (char === '{' || char === '[') return this.skipNested();
    const rest = this.text.slice(this.at, this.at + 300);
    const scalar = NUMBER.exec(rest)?.[0] ?? LITERAL.exec(rest)?.[0];
    if (scalar === undefined) return false;
    this.at += scalar.length;
    return this.at < this.text.length;
  }

  private skipString(): boolean {
    if (this.text[this.at] !== '"') return false;
    for (let i = this.at + 1; i < this.text.length; i += 1) {
      if (this.text[i] === '\\') i += 1;
      else if (this.text[i] === '"') {
        this.at = i + 1;
        return true;
      }
    }
    return false;
  }

  private skipNested(): boolean {
    let depth = 0;
    for (let i = this.at; i < this.text.length; i += 1) {
      const char = this.text[i];
      if (char === '"') {
        this.at = i;
        if (!this.skipString()) return false;
        i = this.at - 1;
      } else if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth === 0) {
          this.at = i + 1;
          return true;
        }
      }
    }
    return false;
  }
}
