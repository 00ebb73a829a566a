import { useRef, useState } from 'react';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { admit, type AttachmentProblem, isProblem, type PendingAttachment, readAttachment } from './attachmentFiles';

/** A problem to show under the files: one found here, or one main named (a field error). */
export type ShownProblem = AttachmentProblem | { name: string; error: FieldError };

export interface Attachments {
  items: PendingAttachment[];
  problems: ShownProblem[];
  /** Reads and attaches the files that fit; the others become problems (the earlier ones are cleared). */
  add: (files: readonly File[]) => Promise<void>;
  /** Attaches what was read elsewhere (a resource, a prompt's images) when it fits; `found` are problems met while reading it. */
  attach: (read: readonly Omit<PendingAttachment, 'key'>[], found?: readonly AttachmentProblem[]) => void;
  remove: (key: string) => void;
  /** Empties the tray (the message was sent). */
  take: () => PendingAttachment[];
  /** Puts files back after a failed send, before any added meanwhile, with main's reasons. */
  restore: (items: readonly PendingAttachment[], problems?: ShownProblem[]) => void;
}

/** The files waiting in the composer to be sent with the next message. */
export function useAttachments(): Attachments {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const [problems, setProblems] = useState<ShownProblem[]>([]);
  // The current list for checks that run after an await (two pastes in a row).
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const nextKey = useRef(0);

  async function add(files: readonly File[]) {
    const read = await Promise.all(files.map((file) => readAttachment(file, `attachment-${++nextKey.current}`)));
    const unreadable = read.filter(isProblem);
    const readable = read.filter((item): item is PendingAttachment => !isProblem(item));
    const { added, problems: rejected } = admit(itemsRef.current, readable);
    const next = [...itemsRef.current, ...added];
    itemsRef.current = next;
    setItems(next);
    setProblems([...unreadable, ...rejected]);
  }

  function attach(read: readonly Omit<PendingAttachment, 'key'>[], found: readonly AttachmentProblem[] = []) {
    const keyed = read.map((item) => ({ ...item, key: `attachment-${++nextKey.current}` }));
    const { added, problems: rejected } = admit(itemsRef.current, keyed);
    const next = [...itemsRef.current, ...added];
    itemsRef.current = next;
    setItems(next);
    setProblems([...found, ...rejected]);
  }

  function remove(key: string) {
    const next = itemsRef.current.filter((item) => item.key !== key);
    itemsRef.current = next;
    setItems(next);
    setProblems([]);
  }

  function take(): PendingAttachment[] {
    const taken = itemsRef.current;
    itemsRef.current = [];
    setItems([]);
    setProblems([]);
    return taken;
  }

  function restore(restored: readonly PendingAttachment[], shown: ShownProblem[] = []) {
    const next = [...restored, ...itemsRef.current];
    itemsRef.current = next;
    setItems(next);
    setProblems(shown);
  }

  return { items, problems, add, attach, remove, take, restore };
}
