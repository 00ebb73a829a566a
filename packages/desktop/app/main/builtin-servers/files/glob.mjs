// @ts-check
/**
 * Glob-ish name matching for search_files: `*` (any characters but `/`), `**` (any, across folders),
 * `?` (one character), `{a,b}` (alternatives, nestable). A pattern without any of these matches as
 * a case-insensitive substring, because a model asking for "report" means "names containing report".
 *
 * The pattern becomes a small automaton (Thompson's construction) that reads a name once, keeping
 * the set of states it can be in, so a match costs at most name length × pattern length steps.
 * A regular expression made from the pattern backtracks instead: `*a*a*a*a*a*a*b` against a name of
 * 200 `a`s tries billions of splits (test/engine/builtinFilesSearch.test.ts).
 */

/** Longest pattern accepted, in characters; real globs are a few dozen. */
export const MAX_PATTERN_LENGTH = 1000;

const SPECIAL = /[*?{]/;

/** @typedef {(ch: string) => boolean} CharTest */

/** @type {CharTest} */
const ANY = () => true;
/** @type {CharTest} */
const NOT_SLASH = (ch) => ch !== '/';
/** @type {CharTest} */
const SLASH = (ch) => ch === '/';

class Automaton {
  constructor() {
    /** @type {Array<Array<[CharTest, number]>>} what each state reads, and where it goes */
    this.moves = [];
    /** @type {number[][]} states each state reaches without reading */
    this.free = [];
  }

  state() {
    this.moves.push([]);
    this.free.push([]);
    return this.moves.length - 1;
  }

  /** @param {number} from @param {CharTest} test @param {number} to */
  move(from, test, to) {
    /** @type {Array<[CharTest, number]>} */ (this.moves[from]).push([test, to]);
  }

  /** @param {number} from @param {number} to */
  link(from, to) {
    /** @type {number[]} */ (this.free[from]).push(to);
  }

  /**
   * `states` plus every state reachable from them without reading.
   * @param {number[]} states
   */
  closure(states) {
    const seen = new Set(states);
    const stack = [...states];
    while (stack.length > 0) {
      for (const next of /** @type {number[]} */ (this.free[/** @type {number} */ (stack.pop())])) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return seen;
  }

  /** @param {number} start @param {number} accept @param {string} text */
  matches(start, accept, text) {
    let current = this.closure([start]);
    for (const ch of text) {
      /** @type {number[]} */
      const next = [];
      for (const state of current) {
        for (const [test, to] of /** @type {Array<[CharTest, number]>} */ (this.moves[state])) if (test(ch)) next.push(to);
      }
      if (next.length === 0) return false;
      current = this.closure(next);
    }
    return current.has(accept);
  }
}

/**
 * The index of the `}` closing the `{` at `open`, or -1 when there is none (the `{` is then literal).
 * @param {string[]} chars @param {number} open
 */
function closingBrace(chars, open) {
  let depth = 0;
  for (let i = open; i < chars.length; i += 1) {
    if (chars[i] === '{') depth += 1;
    else if (chars[i] === '}' && (depth -= 1) === 0) return i;
  }
  return -1;
}

/**
 * Adds the states for `chars` from `cursor.at` on, starting at state `from`; returns the last state.
 * Inside braces it stops before the `,` or `}` that ends the alternative.
 * @param {Automaton} nfa @param {string[]} chars @param {{ at: number }} cursor @param {number} from @param {boolean} inBraces
 */
function build(nfa, chars, cursor, from, inBraces) {
  let at = from;
  while (cursor.at < chars.length) {
    const ch = /** @type {string} */ (chars[cursor.at]);
    if (inBraces && (ch === ',' || ch === '}')) break;
    if (ch === '*' && chars[cursor.at + 1] === '*' && chars[cursor.at + 2] === '/') {
      // `**/` also matches no folder at all, so `**/x` finds a top-level x.
      const loop = nfa.state();
      const next = nfa.state();
      nfa.link(at, next);
      nfa.link(at, loop);
      nfa.move(loop, ANY, loop);
      nfa.move(loop, SLASH, next);
      cursor.at += 3;
      at = next;
    } else if (ch === '*') {
      const double = chars[cursor.at + 1] === '*';
      const loop = nfa.state();
      nfa.link(at, loop);
      nfa.move(loop, double ? ANY : NOT_SLASH, loop);
      cursor.at += double ? 2 : 1;
      at = loop;
    } else if (ch === '?') {
      const next = nfa.state();
      nfa.move(at, NOT_SLASH, next);
      cursor.at += 1;
      at = next;
    } else if (ch === '{' && closingBrace(chars, cursor.at) !== -1) {
      const end = nfa.state();
      cursor.at += 1;
      for (;;) {
        const start = nfa.state();
        nfa.link(at, start);
        nfa.link(build(nfa, chars, cursor, start, true), end);
        const stop = chars[cursor.at];
        cursor.at += 1;
        if (stop !== ',') break;
      }
      at = end;
    } else {
      const next = nfa.state();
      nfa.move(at, (c) => c === ch, next);
      cursor.at += 1;
      at = next;
    }
  }
  return at;
}

/**
 * A matcher for relative paths with `/` separators. A pattern without `/` is tested against the
 * base name only, as shells and editors do.
 * @param {string} pattern
 * @returns {(relativePath: string) => boolean}
 */
export function compileGlob(pattern) {
  const trimmed = pattern.trim();
  if (trimmed === '') throw new Error('pattern is empty');
  if (trimmed.length > MAX_PATTERN_LENGTH) throw new Error(`pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
  const onName = !trimmed.includes('/');
  const subject = (/** @type {string} */ path) => (onName ? path.slice(path.lastIndexOf('/') + 1) : path).toLowerCase();
  const lower = trimmed.toLowerCase();
  if (!SPECIAL.test(lower)) return (path) => subject(path).includes(lower);
  const nfa = new Automaton();
  const start = nfa.state();
  const accept = build(nfa, Array.from(lower), { at: 0 }, start, false);
  return (path) => nfa.matches(start, accept, subject(path));
}
