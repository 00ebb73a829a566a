/**
 * Files sent with a chat message: images (sent to the model in its provider's own image form) and
 * text files (inlined into the message text under their name). Runtime-neutral: imports only zod.
 */
import { z } from 'zod';
import {
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_MAX_TOTAL_BYTES,
  FILE_NAME_MAX_LENGTH,
  ID_MAX_LENGTH,
  IMAGE_ATTACHMENT_MAX_BASE64_LENGTH,
  TEXT_ATTACHMENT_MAX_LENGTH,
} from './limits';
import { hasHiddenCharacters } from './names';

/** The image types OpenAI, Anthropic and Gemini all read (Gemini has no GIF: see its request mapper). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

export function isImageMimeType(value: string): value is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(value);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The decoded size of a base64 text, in bytes. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** What one attachment weighs against ATTACHMENTS_MAX_TOTAL_BYTES: image bytes, text characters. */
export function attachmentWeight(attachment: AttachmentInput): number {
  return attachment.kind === 'image' ? base64Bytes(attachment.data) : attachment.text.length;
}

const fileName = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(FILE_NAME_MAX_LENGTH, { error: 'tooLong' })
  .refine((name) => !hasHiddenCharacters(name), { error: 'invalidCharacters' });

export const imageAttachmentSchema = z.strictObject({
  kind: z.literal('image'),
  name: fileName,
  mimeType: z.enum(IMAGE_MIME_TYPES, { error: 'unsupportedImageType' }),
  /** Base64 without a `data:` prefix. */
  data: z
    .string()
    .max(IMAGE_ATTACHMENT_MAX_BASE64_LENGTH, { error: 'fileTooLarge' })
    .regex(BASE64, { error: 'notBase64' }),
});

export const textAttachmentSchema = z.strictObject({
  kind: z.literal('text'),
  name: fileName,
  // A NUL is never in a text file: a binary one (an archive, a program) picked as text.
  text: z.string().max(TEXT_ATTACHMENT_MAX_LENGTH, { error: 'textFileTooLong' }).refine((text) => !text.includes('\u0000'), { error: 'notText' }),
});

export const attachmentInputSchema = z.discriminatedUnion('kind', [imageAttachmentSchema, textAttachmentSchema]);
export type AttachmentInput = z.output<typeof attachmentInputSchema>;

export const attachmentsSchema = z
  .array(attachmentInputSchema)
  .max(ATTACHMENTS_MAX_COUNT, { error: 'tooManyFiles' })
  .superRefine((attachments, ctx) => {
    let total = 0;
    for (const attachment of attachments) total += attachmentWeight(attachment);
    if (total > ATTACHMENTS_MAX_TOTAL_BYTES) ctx.addIssue({ code: 'custom', message: 'attachmentsTooLarge', params: { max: ATTACHMENTS_MAX_TOTAL_BYTES } });
  });

/** An attachment as a sent message shows it. Images are stored as files; chat.attachment returns one. */
export interface AttachmentView {
  id: string;
  kind: 'image' | 'text';
  name: string;
  /** The image's type; `text/plain` for text files. */
  mimeType: string;
  /** Image bytes, or the text file's characters. */
  size: number;
}

/** chat.attachment: one image of a stored message, as base64. */
export const attachmentQuerySchema = z.strictObject({
  conversationId: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }),
  attachmentId: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }),
});

export interface AttachmentData {
  mimeType: string;
  /** Base64 without a `data:` prefix. */
  data: string;
}

/**
 * A size for people: `512 B`, `340 KB`, `4.8 MB` (units of 1024, as file managers show them), with
 * the language's digits and separators. The `size` format of the locale files (`{{max, size}}`).
 */
export function formatByteSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
