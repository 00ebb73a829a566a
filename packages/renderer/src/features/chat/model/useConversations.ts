import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';
import { type ElftiaApi, useApi } from '../../../lib/api';
import { useApiSubscription } from '../../../lib/useApiSubscription';
import { hasOpenApps, teardownOpenApps } from '../components/apps/openApps';

export type ConversationPatch = Omit<Parameters<ElftiaApi['chat']['conversations']['update']['mutate']>[0], 'id'>;
/** chat.conversations.create's input: the first fields, and whether an empty conversation may be reused. */
export type ConversationRequest = Parameters<ElftiaApi['chat']['conversations']['create']['mutate']>[0];

export interface Conversations {
  /** undefined while loading. */
  list: ConversationRecord[] | undefined;
  loadError: unknown;
  selectedId: string | undefined;
  select(id: string): void;
  /** `beforeOpen` runs with the record before it opens (its pane mounts right after). */
  create(fields?: ConversationRequest, beforeOpen?: (record: ConversationRecord) => void): Promise<ConversationRecord>;
  update(id: string, patch: ConversationPatch): Promise<ConversationRecord>;
  remove(id: string): Promise<void>;
}

/**
 * The conversation list (chat.conversations.onChanged, so titles main derives from the first
 * message and changes from another window show up) and which conversation is open.
 */
export function useConversations(): Conversations {
  const api = useApi();
  const live = useApiSubscription((a) => a.chat.conversations.onChanged);
  // Records the mutations returned, laid over the list until its own event catches up, so a new
  // conversation opens at once and a changed model does not flick back in its select meanwhile.
  const [created, setCreated] = useState<ConversationRecord>();
  const [updated, setUpdated] = useState<ReadonlyMap<string, ConversationRecord>>(() => new Map());
  const [selectedId, setSelectedId] = useState<string>();

  const list = useMemo(() => withReturned(live.data, created, updated), [live.data, created, updated]);

  useEffect(() => {
    if (!list) return;
    // Open the newest conversation at start, and a neighbour when the open one disappears.
    setSelectedId((current) => (current !== undefined && list.some((c) => c.id === current) ? current : list[0]?.id));
  }, [list]);

  const create = useCallback(
    async (fields: ConversationRequest = {}, beforeOpen?: (record: ConversationRecord) => void) => {
      const record = await api.chat.conversations.create.mutate(fields);
      if (hasOpenApps()) await teardownOpenApps();
      beforeOpen?.(record);
      setCreated(record);
      setSelectedId(record.id);
      return record;
    },
    [api],
  );

  const update = useCallback(
    async (id: string, patch: ConversationPatch) => {
      const record = await api.chat.conversations.update.mutate({ id, ...patch });
      setUpdated((current) => new Map(current).set(id, record));
      return record;
    },
    [api],
  );

  const remove = useCallback(
    async (id: string) => {
      const index = list?.findIndex((c) => c.id === id) ?? -1;
      if (hasOpenApps(id)) await teardownOpenApps(id);
      await api.chat.conversations.remove.mutate({ id });
      setCreated((current) => (current?.id === id ? undefined : current));
      // Deleting the open conversation opens the one that took its place in the list.
      const rest = list?.filter((c) => c.id !== id) ?? [];
      setSelectedId((selected) => (selected === id ? (rest[index] ?? rest[index - 1])?.id : selected));
    },
    [api, list],
  );

  const select = useCallback(
    (id: string) => {
      // An MCP App on screen is told to tear down (and answers, or times out) before its frame goes.
      if (id === selectedId || !hasOpenApps()) setSelectedId(id);
      else void teardownOpenApps().then(() => setSelectedId(id));
    },
    [selectedId],
  );

  return { list, loadError: live.error, selectedId, select, create, update, remove };
}

const newer = (a: ConversationRecord, b: ConversationRecord | undefined) => (b && b.updatedAt > a.updatedAt ? b : a);

function withReturned(
  list: ConversationRecord[] | undefined,
  created: ConversationRecord | undefined,
  updated: ReadonlyMap<string, ConversationRecord>,
): ConversationRecord[] | undefined {
  if (!list) return undefined;
  // Only records still in the list are overlaid: one deleted elsewhere must not come back.
  const merged = list.map((c) => newer(c, updated.get(c.id)));
  return created && !list.some((c) => c.id === created.id) ? [created, ...merged] : merged;
}
