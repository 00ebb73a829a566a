import { shortHash } from '../hash';
import { MAX_PROPERTY_KEY_LENGTH, NAME_HASH_LENGTH, PROPERTY_KEY_PATTERN } from '../limits';

/**
 * Provider-safe property keys. Anthropic rejects keys outside `^[a-zA-Z0-9_.-]{1,64}$` ("Property keys
 * should match pattern": spaces, `[]`, `@`, non-ASCII, > 64 chars); the same rule is
 * applied for Gemini. Valid keys are never touched. Others: invalid runs → `_` (`files[0]` → `files_0`),
 * and a sha256 suffix of the original key when the key was cut, lost non-ASCII characters or became
 * empty, or collides with another key of the same object. The caller keeps the reverse map, so the
 * arguments the model returns are renamed back before the MCP call (ComposioHQ/composio PR #3067 does
 * the same).
 *
 * Returns original key → provider key, for every key. Deterministic: valid keys first, then the others
 * in sorted order.
 */
export function safePropertyKeys(keys: string[]): Map<string, string> {
  return renamedKeys(keys) ?? new Map(keys.map((k) => [k, k]));
}

/**
 * safePropertyKeys for the common object whose keys are all valid: undefined (nothing renamed), so
 * converting a new tool list builds no Map, Set or sorted list per object node.
 */
export function renamedKeys(keys: string[]): Map<string, string> | undefined {
  let allValid = true;
  for (const key of keys) {
    if (!PROPERTY_KEY_PATTERN.test(key)) {
      allValid = false;
      break;
    }
  }
  return allValid ? undefined : renameInvalidKeys(keys);
}

function renameInvalidKeys(keys: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of keys) {
    if (PROPERTY_KEY_PATTERN.test(key)) {
      out.set(key, key);
      taken.add(key);
    }
  }
  const invalid = keys.filter((k) => !out.has(k)).sort();
  for (const key of invalid) {
    const name = uniqueKey(key, taken);
    out.set(key, name);
    taken.add(name);
  }
  return out;
}

function uniqueKey(key: string, taken: Set<string>): string {
  const plain = key.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  const needsHash = plain === '' || plain.length > MAX_PROPERTY_KEY_LENGTH || /[^\x00-\x7F]/.test(key) || taken.has(plain);
  if (!needsHash) return plain;
  for (let length = NAME_HASH_LENGTH; ; length += 2) {
    const room = MAX_PROPERTY_KEY_LENGTH - length - 1;
    const stem = plain.slice(0, room).replace(/_+$/, '');
    const name = `${stem || 'k'}_${shortHash(key, length)}`;
    if (!taken.has(name) || length >= 64) return name;
  }
}
