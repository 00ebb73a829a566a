/**
 * What the model picker offers for one provider: the models the user set up for it first (in their
 * order), then those the provider lists, each id once; plus the conversation's own model when it is
 * in neither (typed earlier, or no longer listed), so the picker never hides what is in use.
 */
import { defaultModelOf, type ListedModel, type ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';

export interface ModelChoice {
  providerId: string;
  /** What requests name. */
  id: string;
  /** The provider's display name, when it differs from the id. */
  name?: string;
  isDefault: boolean;
}

export function choicesFor(provider: ProviderRecord, listed: readonly ListedModel[] | undefined, current: string | undefined): ModelChoice[] {
  const byId = new Map<string, ListedModel>();
  for (const id of provider.models) byId.set(id, { id });
  // A listed model the user also set up keeps its place and gains its display name.
  for (const model of listed ?? []) byId.set(model.id, model);
  if (current && !byId.has(current)) byId.set(current, { id: current });
  const defaultId = defaultModelOf(provider);
  return [...byId.values()].map((model) => ({ providerId: provider.id, id: model.id, ...(model.name ? { name: model.name } : {}), isDefault: model.id === defaultId }));
}

/** Choices whose id, display name or provider name contain every word of `query`, ignoring case. */
export function matching(choices: readonly ModelChoice[], providerName: string, query: string): ModelChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return [...choices];
  return choices.filter((choice) => {
    const haystack = `${choice.id} ${choice.name ?? ''} ${providerName}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
