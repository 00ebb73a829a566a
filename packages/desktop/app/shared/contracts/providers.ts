/**
 * LLM providers the user configures in Settings → Providers. Runtime-neutral: imports only zod.
 *
 * The API key is write-only across the boundary: the renderer sends it, main seals it with the
 * SecretStore, and only `hasApiKey` ever comes back.
 */
import { z } from 'zod';
import { API_KEY_MAX_LENGTH, ID_MAX_LENGTH, MODELS_MAX_COUNT, URL_MAX_LENGTH } from './limits';
import { hasProtocol } from './mcp-types';
import { hasHiddenCharacters, nameSchema } from './names';
import { maskUrl } from './secrets';

export const PROVIDER_KINDS = ['openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** The wire format a provider speaks; openai-compatible endpoints speak OpenAI's. */
export type ProviderApiFormat = 'openai' | 'anthropic' | 'google';

export function apiFormatOf(kind: ProviderKind): ProviderApiFormat {
  return kind === 'anthropic' ? 'anthropic' : kind === 'google' ? 'google' : 'openai';
}


/**
 * An API key as typed or pasted: surrounding white space is dropped; inside, only printable ASCII.
 * Keys are made of such characters, and one that is not (a line break, a zero-width space, "…" of a
 * key copied as shown) would be refused by fetch in the Authorization header at every request.
 */
export const apiKeyString = z
  .string()
  .trim()
  .max(API_KEY_MAX_LENGTH, { error: 'tooLong' })
  .regex(/^[\x21-\x7e]*$/, { error: 'invalidApiKey' });

/** Add or replace a provider. Messages are validation codes, as in mcp-types.ts. */
export const providerInputSchema = z
  .strictObject({
    name: nameSchema(),
    kind: z.enum(PROVIDER_KINDS, { error: 'invalid' }),
    /** Required for openai-compatible; optional override for the others (proxies, tests). */
    baseUrl: z
      .string()
      .trim()
      .max(URL_MAX_LENGTH, { error: 'tooLong' })
      .refine((v) => hasProtocol(v, ['http:', 'https:']), { error: 'invalidHttpUrl' })
      // The address is stored and shown as it is; only the API key field is sealed and write-only.
      .refine((v) => maskUrl(v) === v, { error: 'secretInUrl' })
      .optional(),
    /** Omitted or empty on update: keep the stored key. */
    apiKey: apiKeyString.optional(),
    models: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'required' })
          .max(ID_MAX_LENGTH, { error: 'tooLong' })
          .refine((id) => !hasHiddenCharacters(id), { error: 'invalidCharacters' }),
      )
      .min(1, { error: 'required' })
      .max(MODELS_MAX_COUNT, { error: 'tooMany' }),
    /** The model new conversations start with; one of `models`. Omitted: the first of them. */
    defaultModel: z.string().trim().max(ID_MAX_LENGTH, { error: 'tooLong' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'openai-compatible' && !value.baseUrl) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'required' });
    }
    if (value.defaultModel && !value.models.includes(value.defaultModel)) {
      ctx.addIssue({ code: 'custom', path: ['defaultModel'], message: 'notInModels' });
    }
  });
export type ProviderInput = z.input<typeof providerInputSchema>;
export type ProviderInputParsed = z.output<typeof providerInputSchema>;

/**
 * Whether an update must carry the key again: one is stored and the kind or base URL changes, so
 * keeping it would send it to another host than the one it was entered for. The form and
 * ProviderService both ask; the answer is VALIDATION `reenterForNewAddress` on `apiKey`.
 */
export function keyMustBeReentered(stored: Pick<ProviderRecord, 'kind' | 'baseUrl' | 'hasApiKey'>, next: { kind: ProviderKind; baseUrl?: string | undefined; apiKey?: string | undefined }): boolean {
  if (!stored.hasApiKey || (next.apiKey ?? '').trim() !== '') return false;
  const address = (url: string | undefined) => url?.trim() || undefined;
  return stored.kind !== next.kind || address(stored.baseUrl) !== address(next.baseUrl);
}

/** What the renderer sees of a provider: never the key. */
export interface ProviderRecord {
  id: string;
  name: string;
  kind: ProviderKind;
  baseUrl?: string;
  models: string[];
  /** The model new conversations start with (one of `models`); absent: the first of them. */
  defaultModel?: string;
  hasApiKey: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The model a new conversation with this provider starts with. */
export function defaultModelOf(provider: Pick<ProviderRecord, 'models' | 'defaultModel'>): string | undefined {
  return provider.defaultModel || provider.models[0];
}

/** Main-side only: a provider with its key opened, for the completion adapters. */
export interface ResolvedProvider extends ProviderRecord {
  apiKey: string | undefined;
}

/** Why a provider's endpoint could not be used: its CompletionError code, HTTP status and words. */
export interface ProviderFailureResult {
  ok: false;
  code: CompletionErrorCode;
  status?: number;
  detail?: string;
}

/** The result of Settings → Providers → "Test connection". */
export type ProviderTestResult = { ok: true; latencyMs: number; models?: string[] } | ProviderFailureResult;

/** One model of a provider's own list (OpenAI `/models`, Anthropic `/v1/models`, Gemini `/v1beta/models`). */
export interface ListedModel {
  /** What a request names as its model. */
  id: string;
  /** The provider's display name, when it gives one that differs from the id. */
  name?: string;
}

/**
 * A provider's model list, or why it could not be read (a wrong key, an unreachable endpoint), with
 * the same codes as "Test connection". `fetchedAt` is ISO 8601: a list is cached until refreshed.
 */
export type ProviderModelsResult = { ok: true; models: ListedModel[]; fetchedAt: string } | ProviderFailureResult;

/**
 * The provider form's "Fetch models", before (or without) saving: the address and key as typed. An
 * omitted key with `id` uses that provider's stored key, but only for the address it was entered
 * for (keyMustBeReentered), so a stored key never goes to a new host.
 */
export const providerDraftModelsSchema = z.strictObject({
  id: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }).optional(),
  kind: z.enum(PROVIDER_KINDS, { error: 'invalid' }),
  baseUrl: providerInputSchema.shape.baseUrl,
  apiKey: apiKeyString.optional(),
}).superRefine((value, ctx) => {
  if (value.kind === 'openai-compatible' && !value.baseUrl) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'required' });
});
export type ProviderDraftModelsInput = z.input<typeof providerDraftModelsSchema>;

/** Why a completion failed; translated as `errors.<code>` (locales/<lng>/common/errors.json). */
export const COMPLETION_ERROR_CODES = [
  'PROVIDER_AUTH',
  'PROVIDER_RATE_LIMIT',
  'PROVIDER_SERVER',
  'PROVIDER_BAD_REQUEST',
  'PROVIDER_MALFORMED_STREAM',
  'PROVIDER_NETWORK',
  'PROVIDER_NOT_CONFIGURED',
] as const;
export type CompletionErrorCode = (typeof COMPLETION_ERROR_CODES)[number];
