import { SECRET_NAME, maskArgs, maskedParts, maskUrl } from '../../shared/contracts/secrets';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
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

export function redactorFor(server: Pick<McpServerRecord, 'config'>): Redactor {
  return createRedactor(secretValuesOf(server));
}
