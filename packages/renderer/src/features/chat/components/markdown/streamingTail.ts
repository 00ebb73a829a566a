/**
 * What the growing end of an answer shows while it streams, so a construct half-way through its
 * tokens does not flash as something else and then jump:
 * - `**bold`, `` `code``, `~~gone`, `[link](http…` are closed for display (remend, the same
 *   "self-healing" step Vercel's streamdown uses), and a `**` with no word after it yet waits;
 * - a table whose delimiter row (`|---|---|`) has not arrived is held back instead of showing its
 *   header as a paragraph of pipes;
 * - a last line that so far holds only a block marker (`-`, `1.`, `##`, `>`, a fence's backticks or
 *   its language name) waits for its first word, so "```pyt" never labels a block "pyt".
 * Once the answer is complete its text renders exactly as written.
 */
import remend from 'remend';

/** A line beginning a table row (GFM tables written with a leading pipe, as models write them). */
const PIPE_ROW = /^ {0,3}\|/;
/** A delimiter row so far: pipes, dashes, colons and spaces only. */
const DELIMITER_SO_FAR = /^[\s|:-]*$/;
/** Emphasis or code markers at the very end with no word after them yet ("see **", "- _"). */
const OPENING_MARKERS = /(^|\s)[*_~`]+$/;
/** A last line with a block marker and nothing after it yet, or an unfinished fence opening. */
const BARE_MARKER = /^ {0,3}(?:[-*+]|\d{1,9}[.)]?|#{1,6}|>|`{1,2}|`{3,}[^`]*|~{3,}.*)\s*$/;

function withoutPendingTable(text: string): string {
  const ended = text.endsWith('\n');
  const lines = text.split('\n');
  if (ended) lines.pop();
  let first = lines.length;
  while (first > 0 && PIPE_ROW.test(lines[first - 1]!)) first--;
  const rows = lines.length - first;
  const headerOnly = rows === 1;
  const delimiterUnfinished = rows === 2 && !ended && DELIMITER_SO_FAR.test(lines[first + 1]!);
  if (!headerOnly && !delimiterUnfinished) return text;
  return lines.slice(0, first).join('\n');
}

function withoutBareMarker(text: string): string {
  const lineStart = text.lastIndexOf('\n') + 1;
  return BARE_MARKER.test(text.slice(lineStart)) ? text.slice(0, lineStart) : text;
}

/**
 * The last block of a streaming answer as it should be shown now. Fenced code is left alone but for
 * its unfinished last line: what is inside a fence is shown as it arrives.
 */
export function streamingTail(block: string): string {
  if (/^ {0,3}(```|~~~)/.test(block)) return withoutBareMarker(block);
  const shown = withoutBareMarker(block.replace(OPENING_MARKERS, '$1'));
  return remend(withoutPendingTable(shown), { linkMode: 'text-only' });
}
