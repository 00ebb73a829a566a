/**
 * Huge tool results are cut for the model (they would crowd out the conversation or exceed the
 * context window) with a marker that says so, so the model does not take a partial result for the
 * whole. The ToolCallView keeps every content item for the UI.
 */

/** Characters of one tool result the model reads by default (about 8–10k tokens of English). */
export const DEFAULT_MODEL_TEXT_LIMIT_CHARS = 40_000;

export interface ModelText {
  text: string;
  truncated: boolean;
}

/** Keeps the first `limit` characters (never half a surrogate pair) and appends the marker. */
export function limitForModel(text: string, limit: number): ModelText {
  if (text.length <= limit) return { text, truncated: false };
  let end = Math.max(0, limit);
  if (end > 0 && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  const cut = text.length - end;
  const marker = `[Result truncated for the model: showing the first ${end} of ${text.length} characters; ${cut} characters were cut. The user can see the full result.]`;
  return { text: `${text.slice(0, end)}\n\n${marker}`, truncated: true };
}
