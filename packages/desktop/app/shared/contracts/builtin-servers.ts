/**
 * The MCP servers that ship with Elftia (main/builtin-servers/). McpService runs them as system
 * servers beside the configured ones, under the ids below: they are not stored, cannot be edited or
 * deleted, and `files` runs only once a folder is chosen.
 */
export const BUILTIN_SERVER_NAMES = ['clock-math', 'files'] as const;
export type BuiltinServerName = (typeof BUILTIN_SERVER_NAMES)[number];

/** What every built-in server id starts with; "always allow" grants of built-in tools are stored under these ids. */
export const BUILTIN_SERVER_ID_PREFIX = 'builtin:';

/** The id of a built-in server (`builtin:files`): its McpService id and the server id of its grants. */
export function builtinServerId(serverName: string): string {
  return `${BUILTIN_SERVER_ID_PREFIX}${serverName}`;
}

/** True for the id of a built-in (system) server, which no one may edit or delete. */
export function isBuiltinServerId(id: string): boolean {
  return id.startsWith(BUILTIN_SERVER_ID_PREFIX);
}

/**
 * The tools each built-in server registers (builtin-servers/<name>/server.mjs), in that order. A test
 * starts each server and compares its tools/list with this, so the list cannot drift from the code.
 */
export const BUILTIN_SERVER_TOOLS: Record<BuiltinServerName, readonly string[]> = {
  'clock-math': ['current_time', 'convert_time', 'date_add', 'date_diff', 'calculate'],
  files: ['list_directory', 'read_text_file', 'search_files', 'file_info'],
};
