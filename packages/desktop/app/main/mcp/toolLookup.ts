import type { Tool } from '@modelcontextprotocol/client';

/** Name → tool, per listed array (ListCache replaces a list whole, never changes one). */
const indexes = new WeakMap<readonly Tool[], Map<string, Tool>>();

/**
 * The first tool of `tools` named `name`, as `tools.find` gives it, from an index made on the first
 * lookup in this list: every call looks its tool up, and a server may list hundreds.
 */
export function findTool(tools: readonly Tool[], name: string): Tool | undefined {
  let index = indexes.get(tools);
  if (!index) {
    index = new Map();
    for (const tool of tools) if (!index.has(tool.name)) index.set(tool.name, tool);
    indexes.set(tools, index);
  }
  return index.get(name);
}
