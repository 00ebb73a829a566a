/**
 * Token counts as providers report them, read leniently: a count that is missing, negative or not a
 * number is left out rather than failing a turn over a display-only figure.
 */
import type { TokenUsage } from '../../shared/contracts/chat';
import type { CompletionEvent } from './types';

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** The sum of the counts given; undefined when none of them is a count. */
export function tokenSum(...values: unknown[]): number | undefined {
  const counts = values.map(count).filter((value) => value !== undefined);
  return counts.length === 0 ? undefined : counts.reduce((a, b) => a + b, 0);
}

/** The `usage` event for a stream's end, or nothing when the provider reported neither count. */
export function usageEvents(inputTokens: number | undefined, outputTokens: number | undefined): CompletionEvent[] {
  if (inputTokens === undefined && outputTokens === undefined) return [];
  const usage: TokenUsage = { inputTokens: inputTokens ?? 0, outputTokens: outputTokens ?? 0 };
  return [{ type: 'usage', usage }];
}
