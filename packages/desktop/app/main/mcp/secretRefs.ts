/**
 * `${env:NAME}` and `${input:id}` in a server's env values, header values, arguments and URL, filled in
 * right before it starts (beside keyRefs.ts, in the one resolveServer the composition root builds),
 * so the stored record keeps only the references. Parsing is shared/contracts/secret-refs.ts's.
 */
import type { McpServerConfig, McpServerRecord } from '../../shared/contracts/mcp-types';
import { replaceSecretRefs, type SecretRef, secretRefsOf } from '../../shared/contracts/secret-refs';
import { McpServiceError } from './McpServiceError';

export interface SecretRefSources {
  /** A variable of the app's environment (the login shell's included); undefined when not set. */
  env(name: string): string | undefined;
  /** An input's stored value; undefined when none is stored. */
  input(id: string): string | undefined;
  /** An input's description and whether it is a password, for the error that asks for it. */
  describeInput(id: string): { description: string; password: boolean };
}

type ReferenceConfig = Pick<McpServerConfig, 'env' | 'headers' | 'args' | 'url'>;

/** Each field that may hold references, as `field → value` (`env.TOKEN`, `headers.Authorization`, `args.2`, `url`). */
export function referenceFields(config: ReferenceConfig): [string, string][] {
  return [
    ...(config.url ? [['url', config.url] as [string, string]] : []),
    ...Object.entries(config.env ?? {}).map(([name, value]): [string, string] => [`env.${name}`, value]),
    ...Object.entries(config.headers ?? {}).map(([name, value]): [string, string] => [`headers.${name}`, value]),
    ...(config.args ?? []).map((value, index): [string, string] => [`args.${index}`, value]),
  ];
}

/** The input ids a server's config references, each once, in order. */
export function inputIdsOf(config: ReferenceConfig): string[] {
  const ids = referenceFields(config).flatMap(([, value]) => secretRefsOf(value).refs.filter((ref) => ref.kind === 'input').map((ref) => ref.name));
  return [...new Set(ids)];
}

/**
 * The server as it is started, every reference replaced. Throws ENV_REF_MISSING for a variable that is
 * not set and INPUT_REQUIRED for an input without a value, naming the field; nothing is started then.
 */
export function resolveSecretRefs(server: McpServerRecord, sources: SecretRefSources): McpServerRecord {
  const fields = referenceFields(server.config);
  if (!fields.some(([, value]) => secretRefsOf(value).refs.length > 0)) return server;
  const resolve = (field: string, value: string, encode: (resolved: string) => string = (resolved) => resolved) =>
    replaceSecretRefs(value, (ref: SecretRef) => {
      const resolved = ref.kind === 'env' ? sources.env(ref.name) : sources.input(ref.name);
      if (resolved !== undefined) return encode(resolved);
      if (ref.kind === 'env') throw new McpServiceError('ENV_REF_MISSING', { server: server.name, name: ref.name, field });
      const { description, password } = sources.describeInput(ref.name);
      throw new McpServiceError('INPUT_REQUIRED', { server: server.name, input: ref.name, description, password: password ? 1 : 0, field });
    });
  const each = (prefix: string, values: Record<string, string> | undefined) =>
    values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, resolve(`${prefix}.${name}`, value)]));
  const config: McpServerConfig = { ...server.config };
  // A URL must parse with its references in it, so they sit in its path, query or fragment: each is
  // one piece there (a key), encoded so that its value cannot add parts of its own.
  if (config.url) config.url = resolve('url', config.url, encodeURIComponent);
  if (config.env) config.env = each('env', config.env);
  if (config.headers) config.headers = each('headers', config.headers);
  if (config.args) config.args = config.args.map((value, index) => resolve(`args.${index}`, value));
  return { ...server, config };
}
