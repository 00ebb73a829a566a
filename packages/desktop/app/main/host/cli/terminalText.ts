/**
 * What the CLI prints, made safe for a terminal. Much of it comes from outside — a server's name,
 * tool names, descriptions, results and stderr, a model's reply — and printed raw, ESC[2J clears the
 * screen, an OSC 8 sequence hides a link behind harmless text, OSC 52 writes the clipboard, and
 * U+202E shows what follows reversed (CVE-2021-42574). Every escape and control sequence (ECMA-48:
 * CSI, OSC, DCS, SOS, PM, APC, in their 7-bit and C1 forms), every other C0 and C1 control but tab
 * and newline, and every invisible format character (bidi controls, zero-width space, BOM) is
 * removed; newlines stay where the text has them.
 */

/** A control sequence: CSI with its parameters, a string sequence up to BEL or ST (or the line's end), or another ESC sequence. */
const SEQUENCE = new RegExp(
  [
    '(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]',
    '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])[^\\u0007\\u001b\\u009c\\n]*(?:\\u0007|\\u001b\\\\|\\u009c)?',
    '\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]',
  ].join('|'),
  'g',
);
/** Controls left after the sequences (tab and newline are kept; CR only as part of CRLF). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Invisible format characters; the zero-width (non-)joiner stays, as emoji and Persian need it. */
const FORMAT = /(?![\u200c\u200d])\p{Cf}/gu;
const LINE_SEPARATOR = /[\u2028\u2029]/g;

/** `text` without control sequences, controls or invisible format characters; newlines kept. */
export function terminalText(text: string): string {
  return text.replace(SEQUENCE, '').replace(/\r\n/g, '\n').replace(LINE_SEPARATOR, '\n').replace(CONTROL, '').replace(FORMAT, '');
}

/** terminalText on one line (a table cell): newlines and tabs become spaces. */
export function oneLine(text: string): string {
  return terminalText(text).replace(/[\t\n]+/g, ' ');
}

/** What JSON.stringify leaves raw in strings but a terminal may act on: DEL, C1 controls, line separators, format characters. */
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\p{Cf}]/gu;

/**
 * JSON text whose strings carry those characters as `\uXXXX` escapes: the same JSON value, but
 * nothing a terminal acts on (JSON.stringify already escapes C0 controls).
 */
export function terminalJson(value: unknown): string {
  const escape = (ch: string) => Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return (JSON.stringify(value) ?? 'null').replace(JSON_UNSAFE, escape);
}
