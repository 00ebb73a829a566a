/**
 * Files sent with a chat message, from the router's (already size-checked) input to what is stored
 * and sent: images get an id, their bytes are checked to be the image type they claim, and they go
 * to the model in its provider's image form (as refs in the stored history, loaded again for later
 * turns); text files are inlined into the message text under their name. Pure but for `load`.
 */
import { type AttachmentInput, type AttachmentView, base64Bytes, type ImageMimeType, isImageMimeType } from '../../shared/contracts/attachments';
import { HISTORY_IMAGES_MAX_BYTES } from '../../shared/contracts/limits';
import { AppError } from '../lib/errors';
import type { EngineImage, EngineImageRef, EngineMessage } from '../completion/types';
import type { StoredImage } from './AttachmentStore';

export type UserMessage = Extract<EngineMessage, { role: 'user' }>;

export interface PreparedAttachments {
  /** What the sent message shows, in the order given. */
  views: AttachmentView[];
  /** The images' bytes, for the AttachmentStore. */
  images: StoredImage[];
  /** The user's message as the history stores it: text files inlined, images as refs. */
  history: UserMessage;
}

/**
 * Checks each image's bytes (VALIDATION `attachments.<i>.data` notAnImage names the file by its
 * index) and builds the message's views, stored images and history entry.
 */
export function prepareAttachments(text: string, attachments: readonly AttachmentInput[], newId: () => string): PreparedAttachments {
  const views: AttachmentView[] = [];
  const images: StoredImage[] = [];
  const refs: EngineImageRef[] = [];
  const files: { name: string; text: string }[] = [];
  attachments.forEach((attachment, index) => {
    const id = newId();
    if (attachment.kind === 'text') {
      files.push({ name: attachment.name, text: attachment.text });
      views.push({ id, kind: 'text', name: attachment.name, mimeType: 'text/plain', size: attachment.text.length });
      return;
    }
    const bytes = Buffer.from(attachment.data, 'base64');
    const mimeType = sniffImageType(bytes);
    if (!mimeType || bytes.length !== base64Bytes(attachment.data)) {
      throw AppError.validation([{ field: `attachments.${index}.data`, code: 'notAnImage', params: { name: attachment.name } }]);
    }
    // The bytes decide: a JPEG saved as .png is sent as image/jpeg, which the providers check.
    images.push({ id, bytes });
    views.push({ id, kind: 'image', name: attachment.name, mimeType, size: bytes.length });
    refs.push({ attachmentId: id, name: attachment.name, mimeType, size: bytes.length });
  });
  const history: UserMessage = { role: 'user', text: withFiles(text, files) };
  if (refs.length > 0) history.imageRefs = refs;
  return { views, images, history };
}

/**
 * The message text with each text file after it, under its name, in tags the model reads as the
 * file's boundaries (a Markdown fence would end at the first ``` inside the file).
 */
export function withFiles(text: string, files: readonly { name: string; text: string }[]): string {
  const blocks = files.map((file) => `<file name="${escapeAttribute(file.name)}">\n${file.text}\n</file>`);
  return [text, ...blocks].filter((part) => part !== '').join('\n\n');
}

/**
 * An edited message keeps the files it was sent with: its stored history entry (`sent`, whose text
 * is `sentText` followed by the inlined files) with `text` in place of the old text.
 */
export function withEditedText(sent: UserMessage, sentText: string, text: string): UserMessage {
  const files = sent.text.startsWith(sentText) ? sent.text.slice(sentText.length).replace(/^\n\n/, '') : '';
  return { ...sent, text: [text, files].filter((part) => part !== '').join('\n\n') };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The image type the bytes start with (PNG, JPEG, GIF, WebP signatures), or undefined. */
export function sniffImageType(bytes: Buffer): ImageMimeType | undefined {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export function hasImageRefs(history: readonly EngineMessage[]): boolean {
  return history.some((message) => message.role === 'user' && (message.imageRefs?.length ?? 0) > 0);
}

/**
 * The stored history ready to send: each user message's image refs loaded into `images`, newest
 * first, until HISTORY_IMAGES_MAX_BYTES; an older image, or one whose file is gone, becomes a line of
 * text in its message saying so, so the model knows an image was there.
 */
export async function loadHistoryImages(
  history: readonly EngineMessage[],
  load: (attachmentId: string) => Promise<Buffer | undefined>,
  budgetBytes = HISTORY_IMAGES_MAX_BYTES,
): Promise<EngineMessage[]> {
  const out = [...history];
  let left = budgetBytes;
  for (let index = out.length - 1; index >= 0; index -= 1) {
    const message = out[index]!;
    if (message.role !== 'user' || !message.imageRefs) continue;
    const { imageRefs, ...rest } = message;
    const images: EngineImage[] = [];
    const notes: string[] = [];
    for (const ref of imageRefs) {
      const bytes = ref.size <= left ? await load(ref.attachmentId) : undefined;
      if (bytes && isImageMimeType(ref.mimeType)) {
        left -= bytes.length;
        images.push({ mimeType: ref.mimeType, data: bytes.toString('base64'), name: ref.name });
      } else {
        notes.push(`[Image "${ref.name}" sent earlier in this conversation; not sent again.]`);
      }
    }
    out[index] = { ...rest, text: [rest.text, ...notes].filter((part) => part !== '').join('\n\n'), ...(images.length > 0 ? { images } : {}) };
  }
  return out;
}
