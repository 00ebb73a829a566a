// @ts-check
/**
 * Glob-ish name matching for search_files: `*` (any characters but `/`), `**` (any, across folders),
 * `?` (one character), `{a,b}` (alternatives). A pattern without any of these matches as a
 * case-insensitive substring, because a model asking for "report" means "names containing report".
 */

const SPECIAL = /[*?{]/;

/** @param {string} text */
function escape(text) {
  return text.replace(/[.+^$()|[\]\\]/g, '\\$&');
}

/**
 * @param {string} pattern
 * @returns {string}
 */
function toRegExpSource(pattern) {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = /** @type {string} */ (pattern[i]);
    if (ch === '*' && pattern[i + 1] === '*') {
      // `**/` also matches no folder at all, so `**/x` finds a top-level x.
      const slash = pattern[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else if (ch === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) out += '\\{';
      else {
        out += `(?:${pattern.slice(i + 1, end).split(',').map(toRegExpSource).join('|')})`;
        i = end;
      }
    } else out += escape(ch);
  }
  return out;
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
  const onName = !trimmed.includes('/');
  if (!SPECIAL.test(trimmed)) {
    const needle = trimmed.toLowerCase();
    return (path) => (onName ? path.slice(path.lastIndexOf('/') + 1) : path).toLowerCase().includes(needle);
  }
  const regex = new RegExp(`^${toRegExpSource(trimmed)}$`, 'i');
  return (path) => regex.test(onName ? path.slice(path.lastIndexOf('/') + 1) : path);
}
