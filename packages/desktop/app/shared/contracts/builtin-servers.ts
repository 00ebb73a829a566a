/**
 * The MCP servers that ship with Elftia (main/builtin-servers/), as Settings lists them: what each
 * offers and whether the chat offers it now. They are not stored servers: they cannot be edited or
 * deleted, and `files` is offered only once a folder is chosen.
 */
export const BUILTIN_SERVER_NAMES = ['clock-math', 'files'] as const;
export type BuiltinServerName = (typeof BUILTIN_SERVER_NAMES)[number];

/**
 * The tools each built-in server registers (builtin-servers/<name>/server.mjs), in that order. A test
 * starts each server and compares its tools/list with this, so the list cannot drift from the code.
 */
export const BUILTIN_SERVER_TOOLS: Record<BuiltinServerName, readonly string[]> = {
  'clock-math': ['current_time', 'convert_time', 'date_add', 'date_diff', 'calculate'],
  files: ['list_directory', 'read_text_file', 'search_files', 'file_info'],
};

export interface BuiltinServerView {
  name: BuiltinServerName;
  tools: readonly string[];
  /** Whether chats get its tools: always for clock-math, for files once a folder is chosen. */
  offered: boolean;
  /** files only: the folder it may read ('' = not chosen yet). */
  folder?: string;
}

/** What Settings shows for the built-in servers, given the files folder ('' = none). */
export function builtinServerViews(filesFolder: string): BuiltinServerView[] {
  return [
    { name: 'clock-math', tools: BUILTIN_SERVER_TOOLS['clock-math'], offered: true },
    { name: 'files', tools: BUILTIN_SERVER_TOOLS.files, offered: filesFolder !== '', folder: filesFolder },
  ];
}
