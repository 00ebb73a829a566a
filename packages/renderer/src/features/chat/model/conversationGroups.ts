/**
 * The sidebar's grouping and search, as pure functions of the list and the clock, so a test pins
 * them with a fixed date. Groups follow the user's local calendar days, by last activity.
 */
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';

export const GROUP_IDS = ['today', 'yesterday', 'previous7', 'previous30', 'older'] as const;
export type GroupId = (typeof GROUP_IDS)[number];

export interface ConversationGroup {
  id: GroupId;
  conversations: ConversationRecord[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole local calendar days between `then` and `now` (0 = today); a clock set back counts as today. */
function daysAgo(then: Date, now: Date): number {
  return Math.max(0, Math.round((startOfDay(now) - startOfDay(then)) / DAY_MS));
}

function groupOf(updatedAt: string, now: Date): GroupId {
  const days = daysAgo(new Date(updatedAt), now);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days <= 7) return 'previous7';
  if (days <= 30) return 'previous30';
  return 'older';
}

/** Non-empty groups in GROUP_IDS order; within one, the list's own order (newest first from main). */
export function groupByDate(conversations: readonly ConversationRecord[], now: Date): ConversationGroup[] {
  const groups = new Map<GroupId, ConversationRecord[]>();
  for (const conversation of conversations) {
    const id = groupOf(conversation.updatedAt, now);
    groups.set(id, [...(groups.get(id) ?? []), conversation]);
  }
  return GROUP_IDS.flatMap((id) => {
    const list = groups.get(id);
    return list ? [{ id, conversations: list }] : [];
  });
}

/** Case- and width-insensitive (ＡＢＣ finds abc, full-width forms common in CJK input). */
function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/** The conversations whose shown title contains the query; an empty query keeps them all. */
export function filterByTitle<T>(conversations: readonly T[], query: string, titleOf: (conversation: T) => string): T[] {
  const needle = fold(query.trim());
  if (needle === '') return [...conversations];
  return conversations.filter((conversation) => fold(titleOf(conversation)).includes(needle));
}
