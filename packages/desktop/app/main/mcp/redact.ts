import { SECRET_NAME, maskArgs, maskedParts, maskUrl } from '../../shared/contracts/secrets';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { replaceSecretRefs } from '../../shared/contracts/secret-refs';
import { referenceFields } from './secretRefs';
import { MIN_PLAIN_VALUE_LENGTH, type Redactor, createRedactor } from '../lib/redact';

/** The generic redactor lives in lib/redact.ts (the providers' errors use it too); this adds what a server's configuration makes secret. */
export { REDACTED, type Redactor, createRedactor } from '../lib/redact';

/** The configured values of a server that must never show in its log, its URL's and arguments' secrets included. */
export function secretValuesOf(server: Pick<McpServerRecord, 'config'>): string[] {
  const out = new Set<string>();
  const { url, args } = server.config;
  if (url) for (const part of maskedParts(url, maskUrl(url))) out.add(part);
  const masked = maskArgs(args ?? []);
  (args ?? []).forEach((arg, i) => {
    for (const part of maskedParts(arg, masked[i] ?? arg)) out.add(part);
  });
  const entries = [...Object.entries(server.config.env ?? {}), ...Object.entries(server.config.headers ?? {})];
  for (const [name, value] of entries) {
    const trimmed = value.trim();
    if (!trimmed) continue;
    if (SECRET_NAME.test(name) || trimmed.length >= MIN_PLAIN_VALUE_LENGTH) out.add(trimmed);
    // `Authorization: Bearer abc` — the token alone may be echoed back by a server.
    const scheme = /^(?:Bearer|Basic|Token)\s+(.+)$/i.exec(trimmed);
    if (scheme?.[1]) out.add(scheme[1]);
  }
  return [...out];
}

/**
 * What `${env:}`/`${input:}` references were filled with (secretRefs.ts), whatever the field's name or
 * the value's length: the whole resolved value, and the part the references stand for when literal
 * text surrounds them (`Bearer ${input:token}` → the token alone).
 */
export function resolvedRefValues(configured: Pick<McpServerRecord, 'config'>, resolved: Pick<McpServerRecord, 'config'>): string[] {
  const after = new Map(referenceFields(resolved.config));
  const out = new Set<string>();
  for (const [field, written] of referenceFields(configured.config)) {
    const value = after.get(field);
    if (value === undefined || value === written) continue;
    const marker = '\u0000';
    const [prefix = '', ...rest] = replaceSecretRefs(written, () => marker).split(marker);
    const suffix = rest.at(-1) ?? '';
    const inner = value.slice(prefix.length, value.length - suffix.length).trim();
    if (value.trim()) out.add(value.trim());
    if (inner) out.add(inner);
  }
  return [...out];
}

/** `configured`: the record before resolveServer, so what its references were filled with is hidden too. */
export function redactorFor(server: Pick<McpServerRecord, 'config'>, configured?: Pick<McpServerRecord, 'config'>): Redactor {
  const resolved = configured ? resolvedRefValues(configured, server) : [];
  return createRedactor([...secretValuesOf(server), ...resolved]);
}
