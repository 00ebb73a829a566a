/**
 * Which JSON Schema keywords hold sub-schemas (draft-04 … 2020-12), so walks follow the schema's
 * structure and never mistake a property *named* `$ref`, `type` or `items` for a keyword.
 */

/** Keywords whose value is an object of schemas keyed by name. */
export const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'] as const;

/** Keywords whose value is a schema or an array of schemas. */
export const SCHEMA_KEYWORDS = [
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
] as const;

const MAP_SET = new Set<string>(SCHEMA_MAP_KEYWORDS);
const SCHEMA_SET = new Set<string>(SCHEMA_KEYWORDS);

export function isSchemaMapKeyword(key: string): boolean {
  return MAP_SET.has(key);
}

export function isSchemaKeyword(key: string): boolean {
  return SCHEMA_SET.has(key);
}

/** Keywords that only annotate: a `$ref` with only these beside it is the target plus annotations. */
export const ANNOTATION_KEYWORDS = new Set(['description', 'title', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly']);
