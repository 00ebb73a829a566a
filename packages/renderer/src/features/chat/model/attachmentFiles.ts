/**
 * Files the user attaches, from a File (picked, pasted or dropped) to what chat.send takes: images
 * (PNG, JPEG, WebP, GIF) as base64 with a preview, text files (by type, or by a source-code or text
 * extension) as text. Every limit of shared/contracts/limits.ts is checked here first, so a problem
 * names its file before anything is sent; main checks the same limits again.
 */
import { type AttachmentInput, attachmentWeight, type ImageMimeType, isImageMimeType } from '@elftia/desktop/shared/contracts/attachments.ts';
import {
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_MAX_TOTAL_BYTES,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_LENGTH,
} from '@elftia/desktop/shared/contracts/limits.ts';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';

export interface PendingAttachment {
  /** Stable React key. */
  key: string;
  input: AttachmentInput;
  /** A `data:` URL of the image, for its thumbnail. */
  previewUrl?: string;
}

export type AttachmentProblemCode =
  | 'unsupportedFile'
  | 'notText'
  | 'unreadable'
  | 'fileTooLarge'
  | 'textFileTooLong'
  | 'tooManyFiles'
  | 'attachmentsTooLarge'
  /** A resource whose contents are neither text nor an image (resources/read). */
  | 'binaryResource'
  /** A resource that read as no contents at all. */
  | 'emptyResource';

/** Why a file was not attached; `chat/attachments:<code>`, said of the file by name. */
export interface AttachmentProblem {
  name: string;
  code: AttachmentProblemCode;
  params?: Record<string, number>;
}

/** What the picker offers; anything else dropped or pasted is still judged by kindOf. */
export const ACCEPTED_FILES = 'image/png,image/jpeg,image/webp,image/gif,text/*,application/json,.md,.markdown,.txt,.csv,.tsv,.json,.jsonl,.yaml,.yml,.toml,.xml,.log,.ts,.tsx,.js,.jsx,.mjs,.cjs,.py,.rb,.go,.rs,.java,.kt,.c,.h,.cpp,.hpp,.cs,.swift,.php,.sh,.sql,.css,.html,.vue,.svelte';

const IMAGE_EXTENSIONS: Record<string, ImageMimeType> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** Text formats and source code that carry no `text/*` type on every system. */
const TEXT_EXTENSIONS = new Set(
  (
    'md markdown txt text csv tsv json jsonl ndjson yaml yml toml ini cfg conf env log xml svg html htm css scss less ' +
    'ts tsx js jsx mjs cjs py pyi rb go rs java kt kts scala c h cc cpp hpp cxx cs swift m mm php pl lua r dart ex exs erl ' +
    'hs clj sh bash zsh fish ps1 bat sql graphql proto vue svelte tex rst adoc org diff patch gitignore dockerfile makefile'
  ).split(' '),
);
const TEXT_TYPES = new Set(['application/json', 'application/xml', 'application/javascript', 'application/x-yaml', 'application/yaml', 'application/toml', 'application/x-sh', 'application/sql']);

function extensionOf(name: string): string {
  const base = name.toLowerCase().split(/[\\/]/).at(-1) ?? '';
  const dot = base.lastIndexOf('.');
  // A name that is all extension (".env", "Makefile") is judged by the name itself.
  return dot > 0 ? base.slice(dot + 1) : base.replace(/^\./, '');
}

/** The image type a file is sent as, or 'text', or undefined when it cannot be attached. */
export function kindOf(file: { name: string; type: string }): ImageMimeType | 'text' | undefined {
  const type = file.type.toLowerCase();
  if (isImageMimeType(type)) return type;
  const extension = extensionOf(file.name);
  if (type === '' || type === 'application/octet-stream') {
    const image = IMAGE_EXTENSIONS[extension];
    if (image) return image;
  }
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || TEXT_EXTENSIONS.has(extension)) return 'text';
  return undefined;
}

/** Reads one file as an attachment, or says why it cannot be one. */
export async function readAttachment(file: File, key: string): Promise<PendingAttachment | AttachmentProblem> {
  const name = file.name.trim() || 'file';
  const kind = kindOf(file);
  if (kind === undefined) return { name, code: 'unsupportedFile' };
  if (kind !== 'text') {
    if (file.size > IMAGE_ATTACHMENT_MAX_BYTES) return { name, code: 'fileTooLarge', params: { max: IMAGE_ATTACHMENT_MAX_BYTES } };
    const data = await readBase64(file);
    if (data === undefined) return { name, code: 'unreadable' };
    return { key, input: { kind: 'image', name, mimeType: kind, data }, previewUrl: `data:${kind};base64,${data}` };
  }
  // A UTF-8 character takes at most 4 bytes: anything larger is too long before it is read.
  if (file.size > TEXT_ATTACHMENT_MAX_LENGTH * 4) return { name, code: 'textFileTooLong', params: { max: TEXT_ATTACHMENT_MAX_LENGTH } };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { name, code: 'unreadable' };
  }
  if (text.includes('\u0000')) return { name, code: 'notText' };
  if (text.length > TEXT_ATTACHMENT_MAX_LENGTH) return { name, code: 'textFileTooLong', params: { max: TEXT_ATTACHMENT_MAX_LENGTH } };
  return { key, input: { kind: 'text', name, text } };
}

async function readBase64(file: File): Promise<string | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return undefined;
  }
  let binary = '';
  // In slices: String.fromCharCode takes its characters as arguments, and the stack bounds those.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function isProblem(value: PendingAttachment | AttachmentProblem): value is AttachmentProblem {
  return 'code' in value;
}

/**
 * The read files that still fit, in order, after those already attached: at most
 * ATTACHMENTS_MAX_COUNT files and ATTACHMENTS_MAX_TOTAL_BYTES together; the rest are problems.
 */
export function admit(current: readonly PendingAttachment[], read: readonly PendingAttachment[]): { added: PendingAttachment[]; problems: AttachmentProblem[] } {
  const added: PendingAttachment[] = [];
  const problems: AttachmentProblem[] = [];
  let count = current.length;
  let total = current.reduce((sum, item) => sum + attachmentWeight(item.input), 0);
  for (const item of read) {
    const weight = attachmentWeight(item.input);
    if (count >= ATTACHMENTS_MAX_COUNT) problems.push({ name: item.input.name, code: 'tooManyFiles', params: { max: ATTACHMENTS_MAX_COUNT } });
    else if (total + weight > ATTACHMENTS_MAX_TOTAL_BYTES) problems.push({ name: item.input.name, code: 'attachmentsTooLarge', params: { max: ATTACHMENTS_MAX_TOTAL_BYTES } });
    else {
      added.push(item);
      count += 1;
      total += weight;
    }
  }
  return { added, problems };
}

/** Main's field errors about `attachments.<i>…` as problems of the files sent, by name. */
export function problemsFromFieldErrors(fieldErrors: readonly FieldError[], sent: readonly AttachmentInput[]): { problems: { name: string; error: FieldError }[]; rest: FieldError[] } {
  const problems: { name: string; error: FieldError }[] = [];
  const rest: FieldError[] = [];
  for (const error of fieldErrors) {
    const match = /^attachments(?:\.(\d+))?/.exec(error.field);
    const name = match ? (match[1] === undefined ? sent.map((a) => a.name).join(', ') : sent[Number(match[1])]?.name) : undefined;
    if (name) problems.push({ name, error });
    else rest.push(error);
  }
  return { problems, rest };
}
