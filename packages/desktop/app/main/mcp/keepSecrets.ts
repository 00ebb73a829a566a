/**
 * Secrets are write-only (maskServerRecord lists them as SECRET_SET): an edit sends SECRET_SET back
 * for each one it leaves alone. These functions put the stored values back in its place, or say
 * which field must be entered again. A kept value never moves somewhere the user did not see it go:
 * a header kept while the URL's origin changed, a provider's borrowed key kept while the command or
 * arguments changed, or a masked URL or argument whose other parts changed, must be typed again.
 */
import type { FieldError, McpServerConfig, McpServerRecord, ProviderKeyRef } from '../../shared/contracts/mcp-types';
import { maskArgs, maskUrl, SECRET_SET } from '../../shared/contracts/secrets';

type Refs = Record<string, ProviderKeyRef>;

/** A new server's config: SECRET_SET anywhere has nothing stored behind it. */
export function markersWithoutSecrets(config: McpServerConfig): FieldError[] {
  const errors: FieldError[] = [];
  for (const list of ['env', 'headers'] as const) {
    for (const [name, value] of Object.entries(config[list] ?? {})) if (value === SECRET_SET) errors.push({ field: `${list}.${name}`, code: 'secretNotKept' });
  }
  if (config.url?.includes(SECRET_SET)) errors.push({ field: 'url', code: 'secretNotKept' });
  (config.args ?? []).forEach((arg, i) => {
    if (arg.includes(SECRET_SET)) errors.push({ field: `args.${i}`, code: 'secretNotKept' });
  });
  return errors;
}

export type KeptSecrets = { ok: true; config: McpServerConfig } | { ok: false; errors: FieldError[] };

/** `edited` (an update's config) with every SECRET_SET it holds replaced by what `stored` holds there. */
export function keepStoredSecrets(edited: McpServerConfig, stored: McpServerRecord, editedType: McpServerRecord['type']): KeptSecrets {
  // Unreadable secrets cannot be kept, and the stored URL and arguments hold SECRET_SET themselves.
  if (stored.secretsUnreadable) {
    const errors = markersWithoutSecrets(edited);
    return errors.length > 0 ? { ok: false, errors } : { ok: true, config: edited };
  }
  const errors: FieldError[] = [];
  const config: McpServerConfig = { ...edited };
  if (edited.url?.includes(SECRET_SET)) {
    if (stored.config.url !== undefined && maskUrl(stored.config.url) === edited.url) config.url = stored.config.url;
    else errors.push({ field: 'url', code: 'secretNotKept' });
  }
  if (edited.args) {
    const args = keepArgs(edited.args, stored.type === 'stdio' ? (stored.config.args ?? []) : []);
    if (args.ok) config.args = args.args;
    else errors.push(...args.errors);
  }
  const sameKind = (editedType === 'stdio') === (stored.type === 'stdio');
  const newAddress = editedType !== 'stdio' && origin(edited.url) !== origin(stored.config.url);
  // A key borrowed from a provider goes only to the program it was lent to.
  const newProgram = editedType === 'stdio' && (config.command !== stored.config.command || JSON.stringify(config.args ?? []) !== JSON.stringify(stored.config.args ?? []));
  const refs: NonNullable<McpServerConfig['keyRefs']> = {};
  for (const list of ['env', 'headers'] as const) {
    const values = edited[list];
    if (!values) continue;
    const kept: Record<string, string> = {};
    const keptRefs: Refs = {};
    for (const [name, value] of Object.entries(values)) {
      if (value !== SECRET_SET) {
        kept[name] = value;
        continue;
      }
      const storedValue = sameKind ? stored.config[list]?.[name] : undefined;
      const storedRef = sameKind ? stored.config.keyRefs?.[list]?.[name] : undefined;
      if (storedValue === undefined && storedRef === undefined) errors.push({ field: `${list}.${name}`, code: 'secretNotKept' });
      else if ((list === 'headers' && newAddress) || (storedRef && newProgram)) errors.push({ field: `${list}.${name}`, code: 'reenterForNewAddress' });
      else if (storedRef) keptRefs[name] = storedRef;
      else if (storedValue !== undefined) kept[name] = storedValue;
    }
    config[list] = kept;
    if (Object.keys(keptRefs).length > 0) refs[list] = keptRefs;
  }
  if (errors.length > 0) return { ok: false, errors };
  if (refs.env || refs.headers) config.keyRefs = refs;
  else delete config.keyRefs;
  return { ok: true, config };
}

/**
 * Each argument holding SECRET_SET becomes the stored argument that masks to exactly it: the one at
 * the same position when it does, else the first such one not used yet (arguments added or removed
 * before it shift positions).
 */
function keepArgs(edited: readonly string[], stored: readonly string[]): { ok: true; args: string[] } | { ok: false; errors: FieldError[] } {
  const masked = maskArgs(stored);
  const used = new Set<number>();
  const errors: FieldError[] = [];
  const args = edited.map((arg, i) => {
    if (!arg.includes(SECRET_SET)) return arg;
    const at = masked[i] === arg && !used.has(i) ? i : masked.findIndex((m, j) => m === arg && !used.has(j));
    if (at < 0) {
      errors.push({ field: `args.${i}`, code: 'secretNotKept' });
      return arg;
    }
    used.add(at);
    return stored[at] ?? arg;
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, args };
}

/** `scheme://host:port` of a URL; undefined for none or an unparsable one (never equal to a real origin). */
function origin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
