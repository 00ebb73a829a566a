/**
 * MCP Apps' context (ui/update-model-context) in a turn's request: a block before the text of the
 * latest user message, so every provider reads it as the user side of the conversation. Only the
 * request carries it; the stored history does not.
 */
import type { EngineMessage } from '../completion/types';

export function withAppContext(history: EngineMessage[], block: string | undefined): EngineMessage[] {
  if (block === undefined) return history;
  let last = -1;
  history.forEach((message, index) => {
    if (message.role === 'user') last = index;
  });
  const message = history[last];
  if (message?.role !== 'user') return history;
  const out = [...history];
  out[last] = { ...message, text: `${block}\n\n${message.text}` };
  return out;
}
