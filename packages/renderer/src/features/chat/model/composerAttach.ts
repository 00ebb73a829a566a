import { createContext, useContext } from 'react';
import type { AttachmentProblem, PendingAttachment } from './attachmentFiles';

/** Attaches read items (and says what could not be) to the open conversation's next message. */
export type AttachToComposer = (items: Omit<PendingAttachment, 'key'>[], problems: AttachmentProblem[]) => void;

/**
 * What the messages of a conversation may hand its composer: a resource a tool linked to, read and
 * attached from its card. Absent outside a conversation (a card shown alone offers no Attach).
 */
export const ComposerAttachContext = createContext<AttachToComposer | undefined>(undefined);

export function useComposerAttach(): AttachToComposer | undefined {
  return useContext(ComposerAttachContext);
}
