import type { MCPTool } from '../../shared/contracts/mcp-tool';
import { assignToolNames } from './naming';

/** A tool list without repeated (server, tool) pairs, each tool's provider name, and one warning per repeat. */
export interface NamedList {
  unique: MCPTool[];
  names: string[];
  warnings: string[];
}

interface Remembered extends NamedList {
  /** What the names were computed from, checked on every use: the list's array may be refilled in place. */
  tools: MCPTool[];
  keys: string[];
}

/**
 * The same list is formatted once per provider (and again each turn); names depend on the whole list
 * (collisions), so they are computed once per list array and reused while its tools are the same
 * objects with the same id, server and name. A WeakMap holds no list alive.
 */
const byList = new WeakMap<MCPTool[], Remembered>();

export function namedList(tools: MCPTool[]): NamedList {
  const known = byList.get(tools);
  if (known && isSameList(known, tools)) return { unique: known.unique, names: known.names, warnings: [...known.warnings] };
  const { unique, warnings } = dedupe(tools);
  const names = assignToolNames(unique.map((t) => ({ id: t.id, serverId: t.serverId })));
  byList.set(tools, { unique, names, warnings: [...warnings], tools: [...tools], keys: tools.map(keyOf) });
  return { unique, names, warnings };
}

function keyOf(tool: MCPTool): string {
  return `${tool.serverId}\u0000${tool.name}\u0000${tool.id}`;
}

function isSameList(known: Remembered, tools: MCPTool[]): boolean {
  if (known.tools.length !== tools.length) return false;
  for (let i = 0; i < tools.length; i += 1) {
    const tool = tools[i]!;
    if (known.tools[i] !== tool || known.keys[i] !== keyOf(tool)) return false;
  }
  return true;
}

function dedupe(tools: MCPTool[]): { unique: MCPTool[]; warnings: string[] } {
  const seen = new Set<string>();
  const unique: MCPTool[] = [];
  const warnings: string[] = [];
  for (const tool of tools) {
    const key = `${tool.serverId}\u0000${tool.name}`;
    if (seen.has(key)) warnings.push(`Tool "${tool.id}" is listed twice by its server; the first definition is used.`);
    else {
      seen.add(key);
      unique.push(tool);
    }
  }
  return { unique, warnings };
}
