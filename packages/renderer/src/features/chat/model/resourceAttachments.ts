/**
 * A resource read (or a prompt's messages) as what the composer takes: text contents become text
 * attachments, images of a type every provider reads become image attachments, anything else is a
 * problem named after the resource (only text and images can be sent with a message).
 */
import { type AttachmentInput, isImageMimeType } from '@elftia/desktop/shared/contracts/attachments.ts';
import { FILE_NAME_MAX_LENGTH, IMAGE_ATTACHMENT_MAX_BYTES, TEXT_ATTACHMENT_MAX_LENGTH } from '@elftia/desktop/shared/contracts/limits.ts';
import type { PromptRunView, ResourceContentsView, ResourceReadView } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import type { AttachmentProblem, PendingAttachment } from './attachmentFiles';

export interface ResourceAttachments {
  items: Omit<PendingAttachment, 'key'>[];
  problems: AttachmentProblem[];
}

/** A file name for an attachment: the resource's name, else the URI's last segment; no control characters. */
export function attachmentName(name: string | undefined, uri: string): string {
  const fromUri = decodeSafely(uri.split(/[?#]/)[0]?.split('/').filter(Boolean).at(-1) ?? '');
  const clean = (name?.trim() || fromUri || 'resource').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '');
  return (clean || 'resource').slice(0, FILE_NAME_MAX_LENGTH);
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function contentsAttachment(contents: ResourceContentsView, name: string): Omit<PendingAttachment, 'key'> | AttachmentProblem {
  if (contents.text !== undefined) {
    if (contents.cutFromChars !== undefined || contents.text.length > TEXT_ATTACHMENT_MAX_LENGTH) return { name, code: 'textFileTooLong', params: { max: TEXT_ATTACHMENT_MAX_LENGTH } };
    if (contents.text.includes('\u0000')) return { name, code: 'notText' };
    return { input: { kind: 'text', name, text: contents.text } };
  }
  const mimeType = contents.mimeType?.toLowerCase() ?? '';
  if (contents.blob !== undefined && isImageMimeType(mimeType)) {
    return { input: { kind: 'image', name, mimeType, data: contents.blob }, previewUrl: `data:${mimeType};base64,${contents.blob}` };
  }
  if (contents.omittedBytes !== undefined && isImageMimeType(mimeType)) return { name, code: 'fileTooLarge', params: { max: IMAGE_ATTACHMENT_MAX_BYTES } };
  return { name, code: 'binaryResource' };
}

/** Every item of one read; the first takes the resource's name, later ones their own URI's. */
export function readToAttachments(read: ResourceReadView, name: string | undefined): ResourceAttachments {
  const items: ResourceAttachments['items'] = [];
  const problems: AttachmentProblem[] = [];
  read.contents.forEach((contents, index) => {
    const made = contentsAttachment(contents, attachmentName(index === 0 ? name : undefined, contents.uri));
    if ('code' in made) problems.push(made);
    else items.push(made);
  });
  if (read.contents.length === 0) problems.push({ name: attachmentName(name, ''), code: 'emptyResource' });
  return { items, problems };
}

/** A prompt's messages: their texts for the box (in order, a blank line apart), images and resources as attachments. */
export function promptToComposer(run: PromptRunView): { text: string; attachments: ResourceAttachments } {
  const texts: string[] = [];
  const items: ResourceAttachments['items'] = [];
  const problems: AttachmentProblem[] = [];
  run.parts.forEach((part, index) => {
    switch (part.kind) {
      case 'text':
        texts.push(part.text);
        break;
      case 'image': {
        const input: AttachmentInput | undefined = isImageMimeType(part.mimeType) ? { kind: 'image', name: `image-${index + 1}`, mimeType: part.mimeType, data: part.data } : undefined;
        if (input) items.push({ input, previewUrl: `data:${part.mimeType};base64,${part.data}` });
        else problems.push({ name: `image-${index + 1}`, code: 'unsupportedFile' });
        break;
      }
      case 'resource': {
        const made = contentsAttachment(part.resource, attachmentName(undefined, part.resource.uri));
        if ('code' in made) problems.push(made);
        else items.push(made);
        break;
      }
    }
  });
  return { text: texts.join('\n\n'), attachments: { items, problems } };
}
