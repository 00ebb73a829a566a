/**
 * Importing MCP server configs written for other apps (Claude Desktop, Cursor, Windsurf, VS Code,
 * Cline, Roo) and exporting Elftia's: what the router takes and what the preview shows. main/import
 * reads the dialects; the renderer and the CLI show the preview.
 *
 * Runtime-neutral: imports only zod and other shared contracts.
 */
import { z } from 'zod';
import { idString, type McpServerTransport, type ValidationCode } from './mcp-types';

/** The largest config text an import reads (a Claude Desktop file with a hundred servers is ~40 KB). */
export const IMPORT_TEXT_MAX_LENGTH = 1_000_000;

/**
 * The shape a text was read as: `mcpServers` (Claude Desktop, Cursor, Windsurf, Elftia's own export),
 * `cline` (the same with Cline/Roo's fields), `vscode` (mcp.json: `servers` + `inputs`),
 * `vscodeSettings` (settings.json: `mcp.servers`), `commandLine` (one pasted command).
 */
export const IMPORT_DIALECTS = ['mcpServers', 'cline', 'vscode', 'vscodeSettings', 'commandLine'] as const;
export type ImportDialect = (typeof IMPORT_DIALECTS)[number];

export type ImportAction = 'add' | 'rename' | 'skip';

/**
 * Why an entry is skipped: `identical` (a server with the same connection is already configured),
 * `unsupported` (the value is not a server definition, e.g. a `"_comment"` string), `invalid` (it has
 * errors), `excluded` (the user left it out).
 */
export type ImportSkipReason = 'identical' | 'unsupported' | 'invalid' | 'excluded';

/** A problem with one entry (`entry` is its name in the file) or with the whole text (no `entry`). */
export interface ImportProblem {
  entry?: string;
  /** The field inside the entry (`command`, `env.API_KEY`), or `json` for a syntax error. */
  field: string;
  code: ValidationCode;
  params?: Record<string, string | number>;
}

export interface ImportEntry {
  /** The name in the file. */
  sourceName: string;
  /** The name it gets here: the same, or a free one (`github 2`) when the name is taken. */
  name: string;
  action: ImportAction;
  reason?: ImportSkipReason;
  /** For `identical` and `rename`: the configured server it matches or clashes with. */
  existingName?: string;
  type?: McpServerTransport;
  /** The command line or URL, secrets masked: what the preview shows. */
  summary?: string;
  /** Fields read but not applied (Elftia has no such setting yet), e.g. `cwd`, `disabledTools`. */
  notApplied: string[];
  enabled?: boolean;
}

/** A VS Code `inputs` entry: a value asked for once (`${input:id}`). */
export interface ImportInput {
  id: string;
  description?: string;
  password?: boolean;
}

export interface ImportPreview {
  dialect?: ImportDialect;
  entries: ImportEntry[];
  errors: ImportProblem[];
  inputs: ImportInput[];
}

export interface ImportSource {
  id: ImportSourceId;
  path: string;
}

/** The config files of other apps that Elftia knows where to find. */
export const IMPORT_SOURCE_IDS = ['claudeDesktop', 'cursor', 'windsurf', 'vscode', 'vscodeSettings', 'cline', 'roo'] as const;
export type ImportSourceId = (typeof IMPORT_SOURCE_IDS)[number];

const text = z.string().max(IMPORT_TEXT_MAX_LENGTH, { error: 'tooLong' });
const entryName = z.string().max(1000, { error: 'tooLong' });

export const importPreviewSchema = z.strictObject({ text, skip: z.array(entryName).max(1000, { error: 'tooMany' }).optional() });
export const importApplySchema = importPreviewSchema;
export const importSourceSchema = z.strictObject({ id: z.enum(IMPORT_SOURCE_IDS) });

export const EXPORT_DIALECTS = ['mcpServers', 'elftia'] as const;
export type ExportDialect = (typeof EXPORT_DIALECTS)[number];

export const exportSchema = z.strictObject({
  ids: z.array(idString).max(1000, { error: 'tooMany' }).optional(),
  includeSecrets: z.boolean().optional(),
  dialect: z.enum(EXPORT_DIALECTS).optional(),
});
export type ExportOptions = z.input<typeof exportSchema>;
