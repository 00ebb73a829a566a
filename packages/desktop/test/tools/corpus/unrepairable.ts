/**
 * Schemas no adapter can make valid: the tool must be dropped with a warning that names it,
 * and the other tools still sent.
 */
import type { MCPTool } from '../../../app/shared/contracts/mcp-tool';

/** A `$ref` graph where each definition refers to the next one twice: 2^20 nodes once inlined. */
function refBomb(levels: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i += 1) $defs[`d${i}`] = { type: 'object', properties: { l: { $ref: `#/$defs/d${i + 1}` }, r: { $ref: `#/$defs/d${i + 1}` } } };
  $defs[`d${levels}`] = { type: 'string' };
  return { type: 'object', $defs, properties: { root: { $ref: '#/$defs/d0' } } };
}

export const UNREPAIRABLE: Array<{ name: string; why: string; inputSchema: unknown }> = [
  { name: 'string_root', why: "root is a string: MCP tools/call arguments are always an object", inputSchema: { type: 'string' } },
  { name: 'false_root', why: 'the schema `false` accepts nothing', inputSchema: false },
  { name: 'remote_root_ref', why: 'root is a remote $ref the app cannot resolve offline', inputSchema: { $ref: 'https://example.com/schemas/args.json' } },
  { name: 'primitive_root_union', why: 'root union without any object branch', inputSchema: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
  { name: 'ref_bomb', why: 'expands past the node budget once $ref is inlined', inputSchema: refBomb(20) },
];

export function unrepairableTools(): MCPTool[] {
  return UNREPAIRABLE.map((u) => ({
    id: `mcp__broken__${u.name}`,
    serverId: 'srv-broken',
    serverName: 'broken',
    name: u.name,
    description: u.why,
    inputSchema: u.inputSchema as Record<string, unknown>,
  }));
}
