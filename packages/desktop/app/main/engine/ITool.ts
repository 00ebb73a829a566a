/**
 * A tool the TinyElf engine can offer to the model and run (`ITool { name, description,
 * parameters, execute }`).
 */
import type { McpServiceErrorCode } from '../../shared/contracts/mcp-connection';
import type { FieldError } from '../../shared/contracts/mcp-types';
import type { ToolContent } from '../../shared/contracts/tool-content';

/** A JSON Schema object describing the tool's arguments, as its source sent it. */
export type JsonSchema = Record<string, unknown>;

/** MCP `notifications/progress` as the engine passes it on. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface ToolExecutionContext {
  /** The Stop button: aborting cancels the call on the server and resolves with errorCode CANCELLED. */
  signal?: AbortSignal;
  onProgress?: (progress: ToolProgress) => void;
  /** Identifies the call in logs and for McpService.cancelCall; default a fresh UUID. */
  callId?: string;
}

/**
 * Why a call produced no server result: the McpService codes (TIMEOUT and CANCELLED among them), for
 * the UI to translate. Absent when the server answered, even with `isError: true`.
 */
export type ToolErrorCode = McpServiceErrorCode;

/**
 * What one call produced.
 *
 * The seed's execute returns a string; that string is `text` here. The full content travels in the
 * same value rather than through a side channel (a callback, or a "last result" property on the tool)
 * because one tool instance may run several calls at once: returning both together keeps the text the
 * model reads and the images the user sees from the same call, with no bookkeeping by call id.
 */
export interface ToolExecutionResult {
  /** What the model reads: the content flattened to text (flattenContent). */
  text: string;
  /** Everything the server returned, for the UI (images, audio, resources), parsed. */
  content: ToolContent[];
  /** The server's `isError`, or true when the call failed (then errorCode says why). */
  isError: boolean;
  /** The server's `structuredContent`, when it sent one. */
  structuredContent?: Record<string, unknown>;
  /** How `structuredContent` misses the tool's outputSchema; shown as a warning with it. */
  structuredContentMismatch?: string;
  errorCode?: ToolErrorCode;
  /** The parameters of `errors.<errorCode>` (the tool, the server, a field…), for the UI's message. */
  errorParams?: Record<string, string | number>;
  /** INVALID_ARGUMENTS: every problem of the arguments, each with its path. */
  fieldErrors?: FieldError[];
}

export interface ITool {
  /** Unique within a ToolRegistry; what the model calls. */
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  /**
   * Runs the tool. Resolves for every outcome the model or the user should see — a server error, a
   * timeout, a cancellation — with isError and errorCode set; rejects only on a bug.
   */
  execute(params: Record<string, unknown>, context?: ToolExecutionContext): Promise<ToolExecutionResult>;
}
