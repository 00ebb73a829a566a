/**
 * What a turn may require of the request that reaches it (`expect` in the script), read the way each
 * provider's own API reads it: the system prompt from OpenAI's system message, Anthropic's `system`
 * or Gemini's `systemInstruction`; images from the latest user message's OpenAI `image_url` data URL
 * parts, Anthropic `image` base64 blocks or Gemini `inlineData` parts. An image sent in any other
 * shape is not an image to that provider, so it does not count.
 */
import type { Turn, WireFormatName } from './script';

export interface ReceivedImage {
  mimeType: string;
  data: string;
}

/** The parts of a request the expectations look at. */
export interface Received {
  system: string | undefined;
  /** The latest user message's text parts, joined by new lines. */
  userText: string;
  userImages: ReceivedImage[];
}

type Json = Record<string, unknown>;
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const joined = (texts: Array<string | undefined>): string => texts.filter((t): t is string => t !== undefined).join('\n');

function openai(body: Json): Received {
  const messages = objects(body.messages);
  const textOf = (content: unknown) => str(content) ?? joined(objects(content).filter((p) => p.type === 'text').map((p) => str(p.text)));
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => textOf(m.content));
  const user = messages.filter((m) => m.role === 'user').at(-1);
  const userImages = objects(user?.content)
    .filter((p) => p.type === 'image_url')
    .flatMap((p) => {
      const match = /^data:([^;,]+);base64,(.*)$/s.exec(str((p.image_url as Json | undefined)?.url) ?? '');
      return match ? [{ mimeType: match[1]!, data: match[2]! }] : [];
    });
  return { system: system.length > 0 ? joined(system) : undefined, userText: textOf(user?.content), userImages };
}

function anthropic(body: Json): Received {
  const system = str(body.system) ?? (Array.isArray(body.system) ? joined(objects(body.system).map((b) => str(b.text))) : undefined);
  const user = objects(body.messages)
    .filter((m) => m.role === 'user')
    .at(-1);
  const blocks = str(user?.content) !== undefined ? [{ type: 'text', text: user!.content }] : objects(user?.content);
  const userImages = blocks
    .filter((b) => b.type === 'image' && (b.source as Json | undefined)?.type === 'base64')
    .map((b) => ({ mimeType: String((b.source as Json).media_type), data: String((b.source as Json).data) }));
  return { system, userText: joined(blocks.filter((b) => b.type === 'text').map((b) => str(b.text))), userImages };
}

function gemini(body: Json): Received {
  const instruction = body.systemInstruction as Json | undefined;
  const system = instruction ? joined(objects(instruction.parts).map((p) => str(p.text))) : undefined;
  const user = objects(body.contents)
    .filter((c) => c.role === 'user')
    .at(-1);
  const parts = objects(user?.parts);
  const userImages = parts.flatMap((p) => {
    const inline = p.inlineData as Json | undefined;
    return inline ? [{ mimeType: String(inline.mimeType), data: String(inline.data) }] : [];
  });
  return { system, userText: joined(parts.map((p) => str(p.text))), userImages };
}

const READERS: Record<WireFormatName, (body: Json) => Received> = { openai, anthropic, google: gemini };

export function receivedBy(format: WireFormatName, body: unknown): Received {
  return READERS[format](typeof body === 'object' && body !== null ? (body as Json) : {});
}

/** What the request lacks of the turn's `expect`, in words for the 400 answer; [] when it has it all. */
export function unmetExpectations(turn: Turn, format: WireFormatName, body: unknown): string[] {
  const expected = turn.expect;
  if (!expected) return [];
  const received = receivedBy(format, body);
  const unmet: string[] = [];
  if (expected.system !== undefined && received.system !== expected.system) {
    unmet.push(`system prompt ${JSON.stringify(expected.system)} (got ${JSON.stringify(received.system ?? null)})`);
  }
  for (const image of expected.images) {
    if (!received.userImages.some((got) => got.mimeType === image.mimeType && got.data === image.data)) {
      unmet.push(`an ${image.mimeType} image in the ${format} form in the latest user message (got ${received.userImages.map((i) => i.mimeType).join(', ') || 'none'})`);
    }
  }
  for (const text of expected.userText) {
    if (!received.userText.includes(text)) unmet.push(`user text containing ${JSON.stringify(text)}`);
  }
  return unmet;
}
