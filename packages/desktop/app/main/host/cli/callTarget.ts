/**
 * Which tool `elftia mcp call NAME TOOL` means, and the arguments it gets. TOOL may be the tool's
 * name on the server, or the provider-facing name `elftia mcp tools --format …` shows (what a model
 * returns), or the tool's raw id (`mcp__<server>__<tool>`).
 *
 * The rule:
 * 1. A tool whose own name on the server is TOOL always wins; its arguments are sent as given.
 * 2. Otherwise TOOL is looked up in the name map of the server's tools (formatToolsFor; the names
 *    are the same in every provider format). Names are assigned over the whole set a chat sends,
 *    where a collision with another server's tool adds a hash, so a name with the hash of this
 *    server's tool id is recognised as well.
 * 3. For a tool found by a provider-facing name, argument keys that providers see renamed
 *    (Anthropic and Gemini rename property keys outside ^[a-zA-Z0-9_.-]{1,64}$, e.g. `files[0]` →
 *    `files_0`, `a b` → `a_b`) are renamed back at any depth, through the Anthropic map, which holds
 *    every rename either makes. A renamed key is never one the tool declares in the same object,
 *    so keys the tool declares pass unchanged and --args may use either form. Values are never
 *    converted (no decoding of Gemini's JSON-text or string-enum values): write them as the tool's
 *    own schema declares them, which the app checks before sending.
 * 4. A TOOL found nowhere is passed on as written, so the server's "tool not found" is reported.
 */
import type { MCPTool } from '../../../shared/contracts/mcp-tool';
import { formatToolsFor, mapArgumentsBack, resolveProviderToolName } from '../../tools';
import { NAME_HASH_LENGTH } from '../../tools/limits';
import { sanitizeToolName, withHash } from '../../tools/naming';

export interface CallTarget {
  /** The name `tools/call` receives. */
  toolName: string;
  arguments: Record<string, unknown>;
  /** How TOOL was matched. */
  matched: 'server-name' | 'provider-name' | 'none';
}

/** Longest hash assignToolNames reaches in practice is 6, 8 after a second collision; 16 leaves room. */
const MAX_HASH_LENGTH = 16;

export function resolveCallTarget(tools: MCPTool[], requested: string, args: Record<string, unknown>): CallTarget {
  const own = tools.find((tool) => tool.name === requested);
  if (own) return { toolName: own.name, arguments: args, matched: 'server-name' };
  const entry = resolveProviderToolName(formatToolsFor(tools, 'mcp').nameMap, requested);
  const tool = entry ? tools.find((t) => t.serverId === entry.serverId && t.name === entry.toolName) : hashedNameMatch(tools, requested);
  if (!tool) return { toolName: requested, arguments: args, matched: 'none' };
  return { toolName: tool.name, arguments: providerKeysBack(tool, args), matched: 'provider-name' };
}

/**
 * The one tool `requested` could be a hashed name of, as assignToolNames gives it when the name
 * collides with a tool of another server: withHash over the raw id (or the id and server id when
 * two servers share a name), at any hash length it may have grown to.
 */
function hashedNameMatch(tools: MCPTool[], requested: string): MCPTool | undefined {
  const matches = tools.filter((tool) => {
    const { sanitized } = sanitizeToolName(tool.id);
    for (const input of [tool.id, `${tool.id}\u0000${tool.serverId}`]) {
      for (let length = NAME_HASH_LENGTH; length <= MAX_HASH_LENGTH; length += 2) if (withHash(sanitized, input, length) === requested) return true;
    }
    return false;
  });
  return matches.length === 1 ? matches[0] : undefined;
}

/** Renamed keys back through the Anthropic map: key renames only (its map never converts values). */
function providerKeysBack(tool: MCPTool, args: Record<string, unknown>): Record<string, unknown> {
  const [entry] = formatToolsFor([tool], 'anthropic').nameMap.values();
  return entry?.argKeyMap ? mapArgumentsBack(entry, args) : args;
}
