/**
 * The copy of a tool result the UI gets with its message, bounded: a 50 MB result sent whole in
 * every message snapshot (and written with every batched save of the message) stalled the host for
 * seconds. Long texts are cut, large media and blobs left out, a large structuredContent dropped; the
 * whole result is stored once beside the message and fetched when the user asks for all of it. The
 * model's copy (`text`) has its own, smaller limit and is kept as it is.
 */
import type { ToolCallView } from '../../shared/contracts/chat';
import type { ToolContent } from '../../shared/contracts/tool-content';

export type ToolResult = NonNullable<ToolCallView['result']>;

export interface ViewLimits {
  /** Characters of text — text items and text resources together — the copy keeps. */
  textChars: number;
  /** Characters of base64 — images, audio and blobs together — the copy inlines. */
  binaryChars: number;
  /** Characters of string data in structuredContent above which it is left out of the copy. */
  structuredChars: number;
}

/** 256 Ki characters of text, 4 Mi of base64 (a few screenshots), 64 Ki of structured data. */
export const DEFAULT_VIEW_LIMITS: ViewLimits = { textChars: 256 * 1024, binaryChars: 4 * 1024 * 1024, structuredChars: 64 * 1024 };

/** The bounded copy of `result`, or undefined when it fits as it is. */
export function shortenForView(result: ToolResult, limits: ViewLimits = DEFAULT_VIEW_LIMITS): ToolResult | undefined {
  const budget = new Budget(limits);
  const content = result.content.flatMap((item) => budget.item(item));
  const structured = result.structuredContent;
  const dropStructured = structured !== undefined && stringChars(structured) > limits.structuredChars;
  if (!budget.cut && !dropStructured) return undefined;
  const view: ToolResult = { ...result, content };
  if (dropStructured) delete view.structuredContent;
  return view;
}

class Budget {
  private text: number;
  private binary: number;
  cut = false;

  constructor(limits: ViewLimits) {
    this.text = limits.textChars;
    this.binary = limits.binaryChars;
  }

  item(item: ToolContent): ToolContent[] {
    switch (item.type) {
      case 'text': {
        const text = this.takeText(item.text);
        return text === '' && item.text !== '' ? [] : [{ ...item, text }];
      }
      case 'image':
      case 'audio':
        return this.fitsBinary(item.data) ? [item] : [];
      case 'resource': {
        const { resource } = item;
        if ('text' in resource) {
          const text = this.takeText(resource.text);
          return text === '' && resource.text !== '' ? [] : [{ ...item, resource: { ...resource, text } }];
        }
        return this.fitsBinary(resource.blob) ? [item] : [];
      }
      case 'resource_link':
        return [item];
    }
  }

  private takeText(text: string): string {
    if (text.length <= this.text) {
      this.text -= text.length;
      return text;
    }
    this.cut = true;
    const kept = cutAt(text, this.text);
    this.text = 0;
    return kept;
  }

  private fitsBinary(data: string): boolean {
    if (data.length <= this.binary) {
      this.binary -= data.length;
      return true;
    }
    this.cut = true;
    return false;
  }
}

/** The UTF-8 size of the result's content and structuredContent strings: what the user would get. */
export function contentBytes(result: ToolResult): number {
  return stringBytes(result.content) + (result.structuredContent === undefined ? 0 : stringBytes(result.structuredContent));
}

function stringBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + stringBytes(item), 0);
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((sum: number, item) => sum + stringBytes(item), 0);
  return 0;
}

/** At most `max` UTF-16 units, never half a surrogate pair. */
function cutAt(text: string, max: number): string {
  const end = max > 0 && /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
}

/** The characters of every string in a JSON value (keys too), without serializing it. */
function stringChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + stringChars(item), 0);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).reduce((sum, [key, item]) => sum + key.length + stringChars(item), 0);
  }
  return 8;
}
