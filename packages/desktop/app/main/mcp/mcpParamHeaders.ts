/**
 * SEP-2243 (protocol revision 2026-07-28, Streamable HTTP "Custom Headers from Tool Parameters"): a
 * tool's inputSchema may mark a property with `x-mcp-header: Name`; each `tools/call` then carries
 * the argument's value as the header `Mcp-Param-Name`, so gateways can route on it without reading
 * the body. The SDK client mirrors them only in its own callTool, for tools its own `tools/list`
 * cached or a `toolDefinition` given; Elftia lists through listRequests.ts and calls with a plain
 * request (McpConnection.callTool: the SDK's callTool would also apply its strict result schemas and
 * output-schema check). The SDK does not export its helpers: these follow the same rules
 * (@modelcontextprotocol/client, `scanXMcpHeaderDeclarations` / `buildMcpParamHeaders`).
 */

import type { Tool } from '@modelcontextprotocol/client';
import type { ParsedList } from './lenientList';

export const MCP_PARAM_HEADER_PREFIX = 'Mcp-Param-';
const X_MCP_HEADER = 'x-mcp-header';

/** RFC 9110 §5.1 `token`: no spaces, control characters or delimiters (`:` included). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The property types the spec lets carry the annotation (`number` is explicitly not one). */
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);

/**
 * Subschemas outside the chain of `properties` the annotation must sit on: one found under any of
 * them makes the tool definition invalid.
 */
const UNREACHABLE_KEYWORDS = [
  'items', 'prefixItems', 'contains', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames',
  'patternProperties', 'dependentSchemas', 'oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', '$defs', 'definitions',
] as const;
/** Of those, the ones whose value maps names to subschemas. */
const NAMED_SUBSCHEMAS = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);

export interface HeaderDeclaration {
  /** The argument's path through nested `properties`. */
  path: string[];
  /** As declared; the header is `Mcp-Param-<headerName>`. */
  headerName: string;
}

export type HeaderScan = { valid: true; declarations: HeaderDeclaration[] } | { valid: false; reason: string };

/**
 * Scans by schema object: the list filter scans each tool once when the list arrives, and every call
 * of that tool then reuses the answer instead of walking its schema again.
 */
const scans = new WeakMap<object, HeaderScan>();

/** The tool's `x-mcp-header` declarations, or the first rule one of them breaks. */
export function scanHeaderDeclarations(inputSchema: unknown): HeaderScan {
  if (inputSchema === null || typeof inputSchema !== 'object') return scanSchema(inputSchema);
  let scan = scans.get(inputSchema);
  if (!scan) {
    scan = scanSchema(inputSchema);
    scans.set(inputSchema, scan);
  }
  return scan;
}

function scanSchema(inputSchema: unknown): HeaderScan {
  const declarations: HeaderDeclaration[] = [];
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (node === null || typeof node !== 'object') return undefined;
    const schema = node as Record<string, unknown>;
    if (X_MCP_HEADER in schema) {
      const fault = checkDeclaration(schema, path, reachable, seen);
      if (fault !== undefined) return fault;
      declarations.push({ path, headerName: schema[X_MCP_HEADER] as string });
    }
    const properties = schema.properties;
    if (properties !== null && typeof properties === 'object') {
      for (const [key, child] of Object.entries(properties)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault !== undefined) return fault;
      }
    }
    for (const keyword of UNREACHABLE_KEYWORDS) {
      const sub = schema[keyword];
      if (sub === undefined) continue;
      const branches = Array.isArray(sub) ? sub : NAMED_SUBSCHEMAS.has(keyword) && sub !== null && typeof sub === 'object' ? Object.values(sub) : [sub];
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false);
        if (fault !== undefined) return fault;
      }
    }
    return undefined;
  };
  const fault = visit(inputSchema, [], true);
  return fault === undefined ? { valid: true, declarations } : { valid: false, reason: fault };
}

function checkDeclaration(schema: Record<string, unknown>, path: string[], reachable: boolean, seen: Map<string, string>): string | undefined {
  const where = path.length === 0 ? '<root>' : path.join('.');
  if (!reachable || path.length === 0) return `${where}: x-mcp-header is only allowed on a property reached through 'properties' alone`;
  const name = schema[X_MCP_HEADER];
  if (typeof name !== 'string' || name.length === 0) return `${where}: x-mcp-header must be a non-empty string`;
  if (!HEADER_NAME.test(name)) return `${where}: x-mcp-header '${name}' is not a valid header name`;
  const type = typeof schema.type === 'string' ? schema.type : undefined;
  if (type === undefined || !HEADER_TYPES.has(type)) return `${where}: x-mcp-header is only allowed on string, integer and boolean properties, not ${type ?? 'an untyped one'}`;
  const earlier = seen.get(name.toLowerCase());
  if (earlier !== undefined) return `x-mcp-header '${name}' is declared twice (also as '${earlier}')`;
  seen.set(name.toLowerCase(), name);
  return undefined;
}

/** Longest reason kept in a skipped entry (they reach the UI and the log). */
const MAX_REASON_CHARS = 200;

/**
 * Takes the tools whose declarations break the rules out of a parsed tool list, each reported as a
 * skipped entry with an invalid inputSchema: the other tools of the server stay usable.
 */
export function excludeInvalidHeaderTools(parsed: ParsedList<Tool>): void {
  parsed.items = parsed.items.filter((tool) => {
    const scan = scanHeaderDeclarations(tool.inputSchema);
    if (scan.valid) return true;
    parsed.skipped.push({ kind: 'tool', name: tool.name, reason: 'invalidField', field: 'inputSchema', detail: scan.reason.slice(0, MAX_REASON_CHARS) });
    return false;
  });
}

/**
 * The `Mcp-Param-*` headers of one call. An argument that is absent or null sends no header (the
 * spec's "omit"), and so does one that is not a primitive the header can carry.
 */
export function buildParamHeaders(declarations: readonly HeaderDeclaration[], args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const declaration of declarations) {
    const text = headerText(valueAt(args, declaration.path));
    if (text !== undefined) headers[`${MCP_PARAM_HEADER_PREFIX}${declaration.headerName}`] = encodeHeaderValue(text);
  }
  return headers;
}

/** Strings as they are, booleans as `true`/`false`, numbers in decimal; nothing for what has no exact text. */
function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))) return String(value);
  return undefined;
}

const BASE64_PREFIX = '=?base64?';
const BASE64_SUFFIX = '?=';

/**
 * A value that is not a plain ASCII field value — non-ASCII or control characters, whitespace at
 * either end (field parsing strips it), empty, or text that already looks encoded — travels as
 * `=?base64?<UTF-8 in Base64>?=` (spec "Value Encoding"). A tab is encoded too, unlike in the SDK:
 * the conformance suite (http-custom-headers) counts it as a control character, and an encoded
 * value is always read back the same.
 */
export function encodeHeaderValue(value: string): string {
  return needsBase64(value) ? `${BASE64_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${BASE64_SUFFIX}` : value;
}

function needsBase64(value: string): boolean {
  if (value.length === 0 || value !== value.trim()) return true;
  if (value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX)) return true;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code > 0x7e) return true;
  }
  return false;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
