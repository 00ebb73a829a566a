import { createHash } from 'node:crypto';

/** The first `length` hex digits of sha256(text): short, stable across restarts and machines. */
export function shortHash(text: string, length = 6): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, length);
}
