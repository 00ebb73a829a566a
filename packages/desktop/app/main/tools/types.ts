/**
 * Types shared by the provider-facing tool formatters.
 * Each provider's rules are checked, independently of these modules, by test/tools/providerRules.ts.
 */

export type ProviderFormat = 'openai' | 'anthropic' | 'google';
export type ToolFormat = 'mcp' | ProviderFormat;

/** A JSON Schema object as a server or a provider sees it. */
export type JsonObject = Record<string, unknown>;

export type EnumLiteral = string | number | boolean;

/**
 * How to turn the arguments a provider returns back into what the MCP server declared. Only the
 * parts that differ are present; every record here has a null prototype (keys come from servers).
 */
export interface ArgumentMap {
  /** Provider-facing property key → the server's key, for renamed keys only. */
  keys?: Record<string, string>;
  /** Maps for the values of properties, by the server's key. */
  properties?: Record<string, ArgumentMap>;
  /** Map for the values of keys that are not properties (`additionalProperties`). */
  additionalProperties?: ArgumentMap;
  /** Map for every element of an array value. */
  items?: ArgumentMap;
  /** The provider saw a string enum; string form → the server's literal (e.g. "2" → 2). */
  enumValues?: Record<string, EnumLiteral>;
  /** The provider saw a string carrying JSON text (a value Gemini's schema subset cannot describe). */
  jsonText?: true;
  /** One map per union branch; the first whose shape fits the value is used. */
  anyOf?: ArgumentMap[];
}

/** Where a provider-facing tool name leads. */
export interface NameMapEntry {
  /** The provider-facing name. */
  name: string;
  /** MCPTool.id, raw. */
  id: string;
  serverId: string;
  serverName: string;
  /** The tool's name on its server (what `tools/call` receives). */
  toolName: string;
  /** Absent when the provider gets the server's argument shape unchanged. */
  argKeyMap?: ArgumentMap;
}

export type ToolNameMap = ReadonlyMap<string, NameMapEntry>;

export type DropReason = 'unrepairable-schema' | 'over-tool-limit';

/** A tool that is not sent, and why. */
export interface DroppedTool {
  id: string;
  serverName: string;
  toolName: string;
  /** The provider-facing name it would have had. */
  name: string;
  reason: DropReason;
  detail: string;
}

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonObject; strict: false };
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonObject;
}

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Omitted when the tool takes no parameters. */
  parameters?: JsonObject;
}

export type GeminiTools = Array<{ functionDeclarations: GeminiFunctionDeclaration[] }>;

/** What each format sends for a list of tools. 'mcp' is the servers' own definitions. */
export interface ToolDefinitions {
  mcp: Array<{ name: string; id: string; server: string; description: string; inputSchema: JsonObject }>;
  openai: OpenAITool[];
  anthropic: AnthropicTool[];
  google: GeminiTools;
}

export interface FormattedTools<F extends ToolFormat = ToolFormat> {
  format: F;
  /** Exactly what would be sent. */
  tools: ToolDefinitions[F];
  nameMap: ToolNameMap;
  dropped: DroppedTool[];
  /** One line per dropped tool and per cap applied, each naming the tools. */
  warnings: string[];
}

/** Thrown by a schema adapter when a tool's schema cannot be made valid; the tool is dropped. */
export class SchemaRepairError extends Error {
  override readonly name = 'SchemaRepairError';
}

/** A record safe for keys that come from servers (`__proto__`, `constructor`, …). */
export function nullRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * Sets `record[key]` as an own property, for a plain `{}` record filled from its own keys only (never
 * looked up by a key from outside): `__proto__` would otherwise set the record's prototype. Such a
 * record stays a fast object: with five keys it built 10–45 % and serialized about 20 % faster than a
 * nullRecord in a micro-benchmark on Node 20.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

export { isPlainObject } from '../lib/isPlainObject';
