/**
 * How deep a server may nest arrays and objects in what Elftia keeps of its answers: tool schemas
 * (a real one nests a few dozen levels at most) and tool results. Far deeper values exist only to
 * hurt: JSON.parse reads them, but every recursive step after it — JSON.stringify for the UI, the
 * CLI and the provider request, the schema validator, the provider schema adapters — overflows the
 * stack, so one such tool used to fail its whole server's list (test/mcp/deepNesting.test.ts).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when `value` nests arrays and objects more than `limit` levels deep (the value itself is level
 * 1). Iterative, so a value nested deeper than the stack is measured too.
 */
export function nestsDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}
