import type { ResolvedProvider } from '../../shared/contracts/providers';
import { createRedactor } from '../lib/redact';
import { CompletionError } from './types';

/**
 * The error with the provider's key and anything shaped like a credential taken out of its text:
 * a provider or proxy may echo the request's `Authorization: Bearer …` in its error body, and that
 * text is stored with the chat message and shown by "Test connection". The SDK error it wrapped is
 * dropped for the same reason; the code and status say what happened.
 */
export function redactCompletionError(error: unknown, provider: ResolvedProvider): unknown {
  if (!(error instanceof CompletionError)) return error;
  const redact = createRedactor(provider.apiKey ? [provider.apiKey] : []);
  const message = redact(error.message);
  return new CompletionError(error.code, message, error.status === undefined ? {} : { status: error.status });
}
