/**
 * `elftia chat`'s command line as a turn to run: a temporary provider built from the flags (its key
 * read from an environment variable, never from argv), the approval mode and
 * the message. Every mistake here is a usage error (exit 2), found before anything starts.
 */
import { PROVIDER_KINDS, type ProviderKind, providerInputSchema, type ResolvedProvider } from '../../../shared/contracts/providers';
import { type OptionValues, stringList, stringValue, UsageError, variableOf } from './command';

export const APPROVE_MODES = ['ask', 'always', 'never'] as const;
export type ApproveMode = (typeof APPROVE_MODES)[number];

/** Read when --api-key-env is absent, as the providers' own SDKs and tools do. */
export const DEFAULT_KEY_ENV: Record<ProviderKind, string | undefined> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GEMINI_API_KEY',
  'openai-compatible': undefined,
};

export interface ChatRequest {
  provider: ResolvedProvider;
  model: string;
  message: string;
  approve: ApproveMode;
  /** Server names from --server; empty means every enabled server ('auto'). */
  servers: string[];
}

const FLAG_OF_FIELD: Record<string, string> = { baseUrl: '--base-url', models: '--model', kind: '--provider' };

function required(values: OptionValues, name: string): string {
  const value = stringValue(values, name);
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function oneOf<T extends string>(values: OptionValues, name: string, allowed: readonly T[]): T {
  const value = required(values, name);
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} ${JSON.stringify(value)}: expected one of ${allowed.join(', ')}`);
  return value as T;
}

function apiKey(values: OptionValues, env: NodeJS.ProcessEnv, kind: ProviderKind): string | undefined {
  const named = stringValue(values, 'api-key-env');
  if (named !== undefined) {
    const value = variableOf(env, named);
    if (value === undefined || value === '') throw new UsageError(`--api-key-env ${named}: the environment variable is not set`);
    return value;
  }
  const fallback = DEFAULT_KEY_ENV[kind];
  const value = fallback === undefined ? undefined : variableOf(env, fallback);
  return value ? value : undefined;
}

export function parseChatRequest(values: OptionValues, env: NodeJS.ProcessEnv): ChatRequest {
  const kind = oneOf(values, 'provider', PROVIDER_KINDS);
  const model = required(values, 'model');
  const message = required(values, 'message');
  const approve = oneOf(values, 'approve', APPROVE_MODES);
  const baseUrl = stringValue(values, 'base-url');
  // The same schema as Settings → Providers, so the CLI accepts exactly what the form does.
  const parsed = providerInputSchema.safeParse({ name: `${kind} (elftia chat)`, kind, models: [model], ...(baseUrl !== undefined ? { baseUrl } : {}) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    throw new UsageError(`${FLAG_OF_FIELD[field] ?? field}: ${issue?.message ?? 'invalid'}`);
  }
  const key = apiKey(values, env, kind);
  const now = new Date().toISOString();
  const provider: ResolvedProvider = {
    id: 'cli',
    name: parsed.data.name,
    kind,
    ...(parsed.data.baseUrl !== undefined ? { baseUrl: parsed.data.baseUrl } : {}),
    models: parsed.data.models,
    hasApiKey: key !== undefined,
    apiKey: key,
    createdAt: now,
    updatedAt: now,
  };
  return { provider, model: parsed.data.models[0] ?? model, message, approve, servers: stringList(values, 'server') };
}
