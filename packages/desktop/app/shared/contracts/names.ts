/**
 * Names the user gives (MCP servers, providers, conversation titles): what characters they may
 * hold, and when two of them count as the same name.
 *
 * A name is shown in lists, in the CLI's tables and to the model, so it may not hold control or
 * invisible characters: a newline or ESC breaks a terminal, U+202E (RIGHT-TO-LEFT OVERRIDE) shows
 * text reversed, a zero-width space makes `git​hub` look like `github` (Unicode TR36 §2,
 * CVE-2021-42574). And two names that look alike are one name: `gіthub` with a Cyrillic і and
 * full-width `ｇｉｔｈｕｂ` would otherwise sit beside `github`, each with its own key and tools.
 *
 * Runtime-neutral: imports only zod.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH } from './limits';

/** Never in a name: controls (C0, C1), lone surrogates, line and paragraph separators. */
const CONTROL = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
/** Invisible: format characters (bidi controls, zero-width space, BOM, soft hyphen, tags) and the other default-ignorable code points (Hangul fillers, …). */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Variation selectors only choose a glyph (❤️, CJK ideographic variants): allowed in a name, ignored when comparing. */
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const ZERO_WIDTH_JOINER = '\u200D';

function isHiddenAt(chars: string[], i: number): boolean {
  const ch = chars[i]!;
  if (CONTROL.test(ch)) return true;
  if (!INVISIBLE.test(ch) || VARIATION_SELECTOR.test(ch)) return false;
  if (ch !== ZERO_WIDTH_JOINER) return true;
  // A ZWJ joins two pictographs (a variation selector may follow the first).
  const before = chars[i - 1] !== undefined && VARIATION_SELECTOR.test(chars[i - 1]!) ? chars[i - 2] : chars[i - 1];
  return !(before !== undefined && PICTOGRAPH.test(before) && chars[i + 1] !== undefined && PICTOGRAPH.test(chars[i + 1]!));
}

/** True when `text` holds a control or invisible character (see the module comment); an emoji sequence such as 👩‍💻 is fine. */
export function hasHiddenCharacters(text: string): boolean {
  const chars = Array.from(text);
  return chars.some((_, i) => isHiddenAt(chars, i));
}

/** Controls other than tab and line breaks (NUL, ESC, DEL, C1) and lone surrogates: never in a prompt. */
const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]/u;

/**
 * True when longer text the user writes (a system prompt) holds a control character: line breaks and
 * tabs are its own, but a NUL or an escape sequence pasted from a terminal is not text a provider
 * reads (some refuse the request over a NUL) and would be sent with every turn.
 */
export function hasControlCharacters(text: string): boolean {
  return TEXT_CONTROL.test(text);
}

/** `text` without the characters hasHiddenCharacters finds, for a name made from other text (a title from a message). */
export function withoutHiddenCharacters(text: string): string {
  const chars = Array.from(text);
  return chars.filter((_, i) => !isHiddenAt(chars, i)).join('');
}

/**
 * Letters of other scripts that look like a Latin letter or digit, in either case (the key is
 * compared case-folded, so Cyrillic н stands for Н, which looks like H). A compact subset of
 * Unicode's confusables.txt (UTS #39 §4) for the scripts a look-alike name is made from.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', г: 'r', з: '3', і: 'i', ї: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', п: 'n', р: 'p', с: 'c', т: 't', у: 'y',
  х: 'x', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ү: 'y', һ: 'h', ӏ: 'l', ь: 'b', ԍ: 'g', ԧ: 'h', ѡ: 'w', ӡ: '3',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', ζ: 'z', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c', ϳ: 'j', ϱ: 'p', ϐ: 'b',
  // Armenian
  օ: 'o', ս: 'u', հ: 'h', ո: 'n', զ: 'q', ց: 'g', ա: 'w',
  // Latin letters that stand for other Latin letters, and digits that stand for letters
  ı: 'i', ȷ: 'j', ɑ: 'a', ɡ: 'g', ɩ: 'i', ʟ: 'l', ꞁ: 'l', '0': 'o', '1': 'l',
};

/**
 * The key two names are compared by: equal keys are one name. NFKC (full-width and compatibility
 * forms become plain letters), default-ignorable characters removed, case folded (upper then lower
 * case folds ß to ss and dotless ı like Unicode's full case folding), runs of spaces made one, then
 * each look-alike letter replaced by the letter it looks like. The database stores these keys:
 * changing this function needs a migration that recomputes them (as db/migrations/0007-name-keys.ts does).
 */
export function nameKey(name: string): string {
  const folded = name.normalize('NFKC').replace(INVISIBLE_ALL, '').toUpperCase().toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
  return Array.from(folded, (ch) => LOOK_ALIKES[ch] ?? ch).join('');
}

/** True when the names differ only in case and surrounding spaces: the same name, not a look-alike. */
export function sameSpelling(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * A user-given name: trimmed, 1–`maxLength` characters, no control or invisible characters. The
 * issues are validation codes (`required`, `tooLong`, `invalidCharacters`), as in mcp-types.ts.
 */
export function nameSchema(maxLength: number = NAME_MAX_LENGTH) {
  return z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(maxLength, { error: 'tooLong' })
    .refine((name) => !hasHiddenCharacters(name), { error: 'invalidCharacters' });
}
