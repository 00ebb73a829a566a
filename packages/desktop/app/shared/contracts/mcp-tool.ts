/**
 * A tool offered by a connected MCP server, as McpService hands it to the tool loader, the agent
 * engine and the renderer. Runtime-neutral: no imports.
 */

/** A JSON Schema object as the server sent it; never rewritten here (schema adapters do that per provider). */
export type McpJsonSchema = Record<string, unknown>;

/** MCP `ToolAnnotations` (hints only: a server may lie, so they never bypass approval). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface MCPTool {
  /**
   * `mcp__<server name>__<tool name>`, raw. Provider-safe naming (character set, length, collisions)
   * is applied later through a name map; never parse this back into its parts.
   */
  id: string;
  serverId: string;
  serverName: string;
  /** The tool's name on its server: what `tools/call` receives. */
  name: string;
  description: string;
  inputSchema: McpJsonSchema;
  annotations?: McpToolAnnotations;
  outputSchema?: McpJsonSchema;
  /** The tool's icon when the server gave one the app may show (shared/contracts/icons.ts). */
  icon?: string;
  /**
   * The MCP Apps keys of the tool's `_meta` as the server sent them (`ui`: resourceUri, visibility;
   * the legacy flat `ui/resourceUri`); absent when it has neither. Read by main/apps/toolApp.ts.
   */
  _meta?: McpToolUiMeta;
}

/** See MCPTool._meta. */
export interface McpToolUiMeta {
  ui?: unknown;
  'ui/resourceUri'?: unknown;
}

/** The raw id of a tool; see MCPTool.id. */
export function mcpToolId(serverName: string, toolName: string): string {
  return `mcp__${serverName}__${toolName}`;
}
