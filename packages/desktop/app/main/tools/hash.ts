import { hash } from 'node:crypto';

/**
 * The first `length` hex digits of sha256(text) (the text as UTF-8): short, stable across restarts and
 * machines. `crypto.hash` (Node ≥ 20.12) is the one-shot form of createHash: about half the time for
 * the short keys and tool ids hashed here.
 */
export function shortHash(text: string, length = 6): string {
  return hash('sha256', text, 'hex').slice(0, length);
}
