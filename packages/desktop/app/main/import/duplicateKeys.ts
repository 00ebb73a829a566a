/**
 * JSON.parse keeps the last of two equal keys and says nothing, so a file with two `"github"` servers
 * would import one of them silently. This scan finds the keys repeated in the object at a path.
 */
import { endOfString, withoutCommentsAndTrailingCommas } from './jsonText';

interface Frame {
  kind: 'object' | 'array';
  keys: Set<string>;
  /** The key this container is the value of (or the array index as text). */
  name: string;
  expectKey: boolean;
  pendingKey?: string;
  index: number;
}

/** The keys that occur twice in the object at `path` (e.g. `['mcpServers']`), each once. */
export function duplicateKeysAt(text: string, path: readonly string[]): string[] {
  const plain = withoutCommentsAndTrailingCommas(text);
  const stack: Frame[] = [];
  const found = new Set<string>();
  let i = 0;
  const here = () => stack.slice(1).map((frame) => frame.name);
  const samePath = () => {
    const current = here();
    return current.length === path.length && current.every((part, n) => part === path[n]);
  };
  const childName = () => {
    const parent = stack.at(-1);
    if (!parent) return '';
    return parent.kind === 'object' ? (parent.pendingKey ?? '') : String(parent.index);
  };
  while (i < plain.length) {
    const ch = plain[i];
    if (ch === '"') {
      const end = endOfString(plain, i);
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(plain.slice(i, end)) as string;
        if (top.keys.has(key) && samePath()) found.add(key);
        top.keys.add(key);
        top.pendingKey = key;
        top.expectKey = false;
      }
      i = end;
      continue;
    }
    if (ch === '{' || ch === '[') stack.push({ kind: ch === '{' ? 'object' : 'array', keys: new Set(), name: childName(), expectKey: ch === '{', index: 0 });
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'object') top.expectKey = true;
      else if (top) top.index += 1;
    }
    i += 1;
  }
  return [...found];
}
