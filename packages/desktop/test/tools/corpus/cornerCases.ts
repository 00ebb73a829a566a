/**
 * Hand-written input schemas for the corner cases providerRules.ts checks (with the issue that
 * reported each one), as real servers send them. Every one of these can be repaired: all three
 * providers must accept the converted tool, and none may be dropped.
 */
import type { MCPTool } from '../../../app/shared/contracts/mcp-tool';

export interface CornerCase {
  /** The tool's name on its server. */
  name: string;
  /** Where the case comes from. */
  source: string;
  inputSchema: Record<string, unknown>;
  server?: string;
  description?: string;
}

const long = 'x'.repeat(80);

export const CORNER_CASES: CornerCase[] = [
  {
    name: 'draft07_stamp',
    source: 'claude-code #586, CLIProxyAPI #97: $schema stamps',
    inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
  },
  {
    name: 'defs_ref',
    source: 'LibreChat #14160: $ref/$defs (pydantic style, allOf-wrapped ref with a description)',
    inputSchema: {
      type: 'object',
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] } },
      properties: { from: { $ref: '#/$defs/Point' }, to: { allOf: [{ $ref: '#/$defs/Point' }], description: 'End point' } },
      required: ['from', 'to'],
    },
  },
  {
    name: 'definitions_ref',
    source: 'Moonshot "$defs not found", draft-07 definitions',
    inputSchema: { type: 'object', definitions: { Color: { type: 'string', enum: ['red', 'green'] } }, properties: { color: { $ref: '#/definitions/Color' } } },
  },
  {
    name: 'pointer_ref',
    source: 'LibreChat PR #14161: other local pointers (#/properties/…)',
    inputSchema: { type: 'object', properties: { a: { type: 'string', minLength: 1 }, b: { $ref: '#/properties/a' }, 'c/d': { type: 'integer' }, e: { $ref: '#/properties/c~1d' } } },
  },
  {
    name: 'recursive_ref',
    source: 'recursion (Vercel throws; LangChain cuts): a tree',
    inputSchema: {
      type: 'object',
      $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
      properties: { root: { $ref: '#/$defs/Node' } },
    },
  },
  {
    name: 'root_ref',
    source: 'openai-node handles root $ref; Cline SDK',
    inputSchema: { $ref: '#/$defs/Args', $defs: { Args: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } } },
  },
  {
    name: 'anyof_null',
    source: 'anyOf with null (pydantic Optional[int]);LangChain leaves it typeless',
    inputSchema: { type: 'object', properties: { limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Limit' } } },
  },
  {
    name: 'type_arrays',
    source: 'zed #53919 "Proto field is not repeating"; opencode #43495 ["object","null"]',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: ['string', 'null'] },
        options: { type: ['object', 'null'], properties: { deep: { type: 'boolean' } }, required: ['deep'] },
        single: { type: ['integer'] },
      },
    },
  },
  {
    name: 'multi_type',
    source: 'type arrays → anyOf (sequential-thinking ["boolean","string"])',
    inputSchema: { type: 'object', properties: { value: { type: ['string', 'number', 'boolean', 'null'], minLength: 2, minimum: 0 } } },
  },
  {
    name: 'const_union',
    source: 'zed #44875 Unknown name "const" at any_of[0] (Brave search)',
    inputSchema: { type: 'object', properties: { freshness: { anyOf: [{ const: 'pd' }, { const: 'pw' }, { const: 'pm' }, { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}to\\d{4}-\\d{2}-\\d{2}$' }] }, mode: { const: 'fast' } } },
  },
  {
    name: 'numeric_enums',
    source: 'azure-devops-mcp #139 (TYPE_STRING), 2; 9router PR #380 enum only for STRING',
    inputSchema: {
      type: 'object',
      properties: { depth: { type: 'integer', enum: [1, 2, 4, 8] }, ratio: { type: 'number', enum: [0.5, 1.5] }, mixed: { enum: [1, 'two', true] }, flag: { type: 'boolean', enum: [true] } },
      required: ['depth'],
    },
  },
  {
    name: 'additional_properties',
    source: '5ire #42 Unknown name "additionalProperties" at …items (server-filesystem)',
    inputSchema: {
      type: 'object',
      properties: {
        edits: { type: 'array', items: { type: 'object', properties: { oldText: { type: 'string' } }, required: ['oldText'], additionalProperties: false } },
        env: { type: 'object', additionalProperties: { type: 'string' } },
        anything: { type: 'object', additionalProperties: true },
      },
      additionalProperties: false,
    },
  },
  {
    name: 'string_formats',
    source: "gemini-cli #3178 only 'enum' and 'date-time' are supported for STRING",
    inputSchema: {
      type: 'object',
      properties: {
        url: { type: 'string', format: 'uri' },
        email: { type: 'string', format: 'email' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        id: { type: 'string', format: 'uuid' },
        big: { type: 'integer', format: 'int64' },
        price: { type: 'number', format: 'decimal' },
      },
    },
  },
  {
    name: 'awkward_keys',
    source: 'n8n #30590 Property keys should match pattern; appstore-connect-mcp #2 filter[x]',
    inputSchema: {
      type: 'object',
      properties: {
        'files[0]': { type: 'string' },
        'filter[status]': { type: 'string', enum: ['open', 'closed'] },
        'a b': { type: 'integer' },
        '@type': { type: 'string' },
        $meta: { type: 'object', properties: { 'x-y': { type: 'string' }, 'k:v': { type: 'string' } } },
        'user.name': { type: 'string' },
        [long]: { type: 'boolean' },
      },
      required: ['files[0]', '@type'],
    },
  },
  {
    name: 'non_ascii_keys',
    source: 'non-ASCII keys rejected; must not collapse into one',
    inputSchema: { type: 'object', properties: { 検索: { type: 'string' }, поиск: { type: 'string' }, キーワード: { type: 'array', items: { type: 'string' } } }, required: ['検索'] },
  },
  {
    name: 'a_tool_with_a_rather_long_name_that_pushes_the_id_past_the_limit',
    server: 'an-mcp-server-with-a-long-name-too',
    source: 'names ≤ 64 (63 for Gemini in practice)',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  },
  { name: '検索', server: 'intl', source: 'non-ASCII tool names (must not collapse)', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
  { name: 'поиск', server: 'intl', source: 'non-ASCII tool names (must not collapse)', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
  { name: 'empty_schema', source: 'spring-ai #4776 object schema missing properties;Ollama {}', inputSchema: {} },
  { name: 'no_params', source: 'Gemini: omit parameters when there are none', inputSchema: { type: 'object' } },
  { name: 'missing_type', source: 'stagehand #1159 got type None; opencode #13150', inputSchema: { properties: { q: { type: 'string' }, n: { minimum: 1 } }, required: ['q'] } },
  {
    name: 'array_without_items',
    source: 'aichat PR #1049 array schema missing items; byterover-cli #42 ["string","array"]',
    inputSchema: { type: 'object', properties: { paths: { type: 'array' }, either: { type: ['string', 'array'] } } },
  },
  {
    name: 'draft4_bounds',
    source: 'Dokploy/mcp #74 exclusiveMinimum: true;Unknown name "exclusiveMinimum"',
    inputSchema: { type: 'object', properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false }, m: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 100 } } },
  },
  {
    name: 'root_anyof',
    source: 'gitlab-mcp #552 does not support oneOf, allOf, or anyOf at the top level',
    inputSchema: {
      anyOf: [
        { type: 'object', properties: { id: { type: 'integer' }, dry: { type: 'boolean' } }, required: ['id', 'dry'] },
        { type: 'object', properties: { name: { type: 'string' }, dry: { type: 'boolean' } }, required: ['name', 'dry'] },
      ],
    },
  },
  {
    name: 'root_oneof_refs',
    source: 'root-level union with $ref branches',
    inputSchema: {
      $defs: { ById: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, ByUrl: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } } },
      oneOf: [{ $ref: '#/$defs/ById' }, { $ref: '#/$defs/ByUrl' }],
    },
  },
  {
    name: 'root_allof',
    source: 'allOf merged (LangChain mcp-adapters, openai-node)',
    inputSchema: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'integer' } }, required: ['b'] }] },
  },
  {
    name: 'tuples',
    source: 'tuple items ✗ (Anthropic 2020-12), prefixItems ✗ Gemini',
    inputSchema: { type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] }, point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] } } },
  },
  {
    name: 'php_and_null_required',
    source: "laravel-gpt #8 [] is not of type 'object'; yomo PR #860 required: null; AIStudioToAPI #154 required not defined",
    inputSchema: { type: 'object', properties: { inner: { type: 'object', properties: [], required: null }, x: { type: 'string' } }, required: ['x', 'ghost'] },
  },
  { name: 'type_any', source: "mcp-graphql #14 'any' is not valid", inputSchema: { type: 'object', properties: { variables: { type: 'any' }, query: { type: 'string' } } } },
  {
    name: 'boolean_subschemas',
    source: 'LM Studio Unrecognized schema: true;boolean sub-schemas',
    inputSchema: { type: 'object', properties: { free: true, never: false, list: { type: 'array', items: true } }, required: ['never'] },
  },
  {
    name: 'narrowing_keywords',
    source: 'openswarm #24 Unknown name "propertyNames";strict-only rejects',
    inputSchema: {
      type: 'object',
      properties: {
        tags: { type: 'object', propertyNames: { pattern: '^[a-z]+$' }, patternProperties: { '^[a-z]+$': { type: 'string' } } },
        mode: { type: 'string', not: { const: 'x' } },
        list: { type: 'array', items: { type: 'string' }, contains: { const: 'a' }, uniqueItems: true },
      },
      if: { properties: { mode: { const: 'a' } } },
      then: { required: ['tags'] },
      dependentRequired: { mode: ['list'] },
    },
  },
  {
    name: 'keyword_named_properties',
    source: 'LangChain deletes properties named additionalProperties/strict by key name',
    inputSchema: {
      type: 'object',
      properties: {
        type: { type: 'string' },
        properties: { type: 'string' },
        items: { type: 'integer' },
        additionalProperties: { type: 'boolean' },
        strict: { type: 'boolean' },
        $ref: { type: 'string' },
        ['__proto__']: { type: 'string' },
        constructor: { type: 'string' },
      },
      required: ['type', '__proto__'],
    },
  },
  {
    name: 'long_description',
    source: "sentry-mcp #106 string too long … maximum length 1024",
    description: 'Searches things. '.repeat(120),
    inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'd'.repeat(2000) } } },
  },
  { name: 'empty_string_enum', source: 'langchainjs #9875 empty strings in enums', inputSchema: { type: 'object', properties: { sort: { type: 'string', enum: ['', 'asc', 'desc'] } } } },
  { name: 'enum_with_null', source: 'enum with null → nullable', inputSchema: { type: 'object', properties: { state: { type: ['string', 'null'], enum: ['on', 'off', null] } } } },
  {
    name: 'properties_on_string',
    source: 'copilot-cli #4623 properties: only allowed for OBJECT type',
    inputSchema: { type: 'object', properties: { data: { type: 'string', properties: { a: { type: 'string' } }, required: ['a'], items: { type: 'string' } } } },
  },
  {
    name: 'nested_discriminated_union',
    source: 'LibreChat #13612 GitHub MCP: Gemini cannot handle union types (oneOf)',
    inputSchema: {
      type: 'object',
      properties: {
        target: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'issue' }, number: { type: 'integer' } }, required: ['kind', 'number'] },
            { type: 'object', properties: { kind: { const: 'branch' }, ref: { type: 'string' } }, required: ['kind', 'ref'] },
          ],
          description: 'What to act on',
        },
      },
      required: ['target'],
    },
  },
  {
    name: 'nullable_openapi',
    source: 'OpenAPI nullable sent by servers sharing Gemini schemas',
    inputSchema: { type: 'object', properties: { note: { type: 'string', nullable: true, example: 'hi', examples: ['hi'] } } },
  },
  {
    name: 'deep_nesting',
    source: 'gemini-cli #6031 exceeds the maximum allowed nesting depth (Notion MCP)',
    inputSchema: deepChain(20),
  },
  {
    name: 'nested_empty_object',
    source: 'properties: should be non-empty for OBJECT type;nested empty object',
    inputSchema: { type: 'object', properties: { meta: { type: 'object' }, query: { type: 'string' } } },
  },
  {
    name: 'constraint_only_union',
    source: 'anyOf of required-only branches (one of a or b)',
    inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] },
  },
];

function deepChain(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i += 1) node = { type: 'object', properties: { [`level${levels - i}`]: node } };
  return node;
}

/** The corner cases as McpService would list them (server `corner` unless a case names its own). */
export function cornerCaseTools(): MCPTool[] {
  return CORNER_CASES.map((c) => {
    const server = c.server ?? 'corner';
    return { id: `mcp__${server}__${c.name}`, serverId: `srv-${server}`, serverName: server, name: c.name, description: c.description ?? `Corner case: ${c.source}`, inputSchema: c.inputSchema };
  });
}
