/**
 * Best-effort reading of a tool call's arguments while the model still streams them: the JSON text
 * so far is closed (an open string value, then every open array/object) and parsed. Anything that
 * cannot be completed soundly (a half key, a dangling `:` or `,`, a cut literal such as `tru` or
 * `1.`, an escape cut in half) is dropped back to the last point where the prefix was whole.
 * Linear in the text; never throws.
 */

/** What a prefix reads as so far; undefined when not even an object has started. */
export function parsePartialJson(text: string): Record<string, unknown> | undefined {
  const scan = scanPrefix(text);
  const closers = [...scan.closers].reverse().join('');
  const whole = scan.inString ? `${dropCutEscape(text, scan.stringStart)}"` : text;
  return asObject(tryParse(whole + closers)) ?? asObject(tryParse(text.slice(0, scan.lastWhole) + closersAt(scan)));
}

interface Scan {
  /** The closing bracket for each open container, outermost first. */
  closers: string[];
  inString: boolean;
  /** Index of the opening quote of the string the text ends in. */
  stringStart: number;
  /** The prefix text.slice(0, lastWhole) becomes valid JSON once its open containers are closed. */
  lastWhole: number;
  /** How many containers were open at lastWhole. */
  depthAtWhole: number;
}

function scanPrefix(text: string): Scan {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let lastWhole = 0;
  let depthAtWhole = 0;
  let stringIsKey = false;
  let lastSignificant = '';
  const markWhole = (end: number): void => {
    lastWhole = end;
    depthAtWhole = closers.length;
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') {
        inString = false;
        lastSignificant = '"';
        if (!stringIsKey) markWhole(i + 1);
      }
      continue;
    }
    switch (ch) {
      case '"':
        inString = true;
        stringStart = i;
        stringIsKey = closers.at(-1) === '}' && (lastSignificant === '{' || lastSignificant === ',');
        break;
      case '{':
      case '[':
        closers.push(ch === '{' ? '}' : ']');
        markWhole(i + 1);
        break;
      case '}':
      case ']':
        closers.pop();
        markWhole(i + 1);
        break;
      case ',':
        // The value before a comma was complete (numbers and literals have no closing mark).
        markWhole(i);
        break;
      default:
        break;
    }
    if (!/\s/.test(ch)) lastSignificant = ch;
  }
  return { closers, inString, stringStart, lastWhole, depthAtWhole };
}

/** The closers for the containers open at lastWhole: pushes and pops only happen at whole points. */
function closersAt(scan: Scan): string {
  return scan.closers.slice(0, scan.depthAtWhole).reverse().join('');
}

/** An open string may end inside an escape (`\`, `\u00`) or after a lone high surrogate: drop it. */
function dropCutEscape(text: string, stringStart: number): string {
  let kept = text;
  if (countTrailingBackslashes(kept) % 2 === 1) kept = kept.slice(0, -1);
  const unicode = /\\u[0-9a-fA-F]{0,3}$/.exec(kept);
  if (unicode && isEscapeStart(kept, unicode.index, stringStart)) kept = kept.slice(0, unicode.index);
  const high = /\\u[dD][89abAB][0-9a-fA-F]{2}$/.exec(kept);
  if (high && isEscapeStart(kept, high.index, stringStart)) kept = kept.slice(0, high.index);
  return kept;
}

/** The backslash at `index` starts an escape (it is not itself escaped) inside the open string. */
function isEscapeStart(text: string, index: number, stringStart: number): boolean {
  return index > stringStart && countTrailingBackslashes(text.slice(stringStart + 1, index + 1)) % 2 === 1;
}

function countTrailingBackslashes(text: string): number {
  let count = 0;
  for (let i = text.length - 1; i >= 0 && text[i] === '\\'; i -= 1) count += 1;
  return count;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
