/**
 * JSON of a value with very long strings, produced in slices: JSON.stringify of a 50 MB tool result
 * holds the event loop for a fifth of a second in one piece; this yields between slices of about
 * SLICE_CHARS so the host keeps answering meanwhile. The output is JSON.stringify's, byte for byte
 * equivalent once parsed (a surrogate pair cut between two slices is written as two escapes, which
 * JSON.parse joins again).
 */
import crypto from 'node:crypto';

/** Strings longer than this are written in slices. */
const LONG_STRING_CHARS = 64 * 1024;
const SLICE_CHARS = 1024 * 1024;

/** Calls `write` with consecutive pieces of `JSON.stringify(value)`, awaiting each. */
export async function writeJsonInSlices(value: unknown, write: (piece: string) => Promise<void>): Promise<void> {
  const long: string[] = [];
  // A marker no string of the value can collide with: it carries a random nonce.
  const nonce = crypto.randomUUID();
  const skeleton = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'string' || item.length <= LONG_STRING_CHARS) return item;
    long.push(item);
    return `${nonce}:${long.length - 1}`;
  });
  const marker = new RegExp(`"${nonce}:(\\d+)"`, 'g');
  let at = 0;
  for (const match of skeleton.matchAll(marker)) {
    await write(skeleton.slice(at, match.index));
    const text = long[Number(match[1])] as string;
    await write('"');
    for (let start = 0; start < text.length; start += SLICE_CHARS) {
      await write(JSON.stringify(text.slice(start, start + SLICE_CHARS)).slice(1, -1));
    }
    await write('"');
    at = match.index + match[0].length;
  }
  await write(skeleton.slice(at));
}
