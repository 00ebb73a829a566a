import type { MCPTool } from '../../shared/contracts/mcp-tool';
import { assignToolNames } from './naming';

/** A tool list without repeated (server, tool) pairs, each tool's provider name, and one warning per repeat. */
export interface NamedList {
  unique: MCPTool[];
  names: string[];
  warnings: string[];
}

interface Remembered extends NamedList {
  /**
   * What the names were computed from, checked on every use: the list's array may be refilled in
   * place, and a tool object changed. Three strings per tool, compared without building a key.
   */
  tools: MCPTool[];
  serverIds: string[];
  toolNames: string[];
  ids: string[];
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
  byList.set(tools, {
    unique,
    names,
    warnings: [...warnings],
    tools: [...tools],
    serverIds: tools.map((t) => t.serverId),
    toolNames: tools.map((t) => t.name),
    ids: tools.map((t) => t.id),
  });
  return { unique, names, warnings };
}

function isSameList(known: Remembered, tools: MCPTool[]): boolean {
  if (known.tools.length !== tools.length) return false;
  for (let i = 0; i < tools.length; i += 1) {
    const tool = tools[i]!;
    if (known.tools[i] !== tool || known.serverIds[i] !== tool.serverId || known.toolNames[i] !== tool.name || known.ids[i] !== tool.id) return false;
  }
  return true;
}

/** Tool names seen, per server: no key string is built per tool. */
function dedupe(tools: MCPTool[]): { unique: MCPTool[]; warnings: string[] } {
  const seen = new Map<string, Set<string>>();
  const unique: MCPTool[] = [];
  const warnings: string[] = [];
  for (const tool of tools) {
    let names = seen.get(tool.serverId);
    if (!names) seen.set(tool.serverId, (names = new Set()));
    if (names.has(tool.name)) warnings.push(`Tool "${tool.id}" is listed twice by its server; the first definition is used.`);
    else {
      names.add(tool.name);
      unique.push(tool);
    }
  }
  return { unique, warnings };
}
