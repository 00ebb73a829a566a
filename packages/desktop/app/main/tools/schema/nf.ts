import type { EnumLiteral } from '../types';

/**
 * The provider-neutral normal form every input schema is reduced to before a provider adapter
 * projects it (normalize once, project per provider). It keeps the
 * keywords all three providers can take in some form, with one meaning each:
 *
 * - no `$ref`, `$defs`, `$schema`, `allOf`, `oneOf`, type arrays, `const`, boolean sub-schemas;
 * - `type` is one name, or absent: absent with no `anyOf` means "any value";
 * - `nullable` says null is also accepted (type arrays and `anyOf` with a null branch end up here);
 * - `anyOf` has at least two branches, none null-only, none "any";
 * - objects always have `properties`; arrays always have `items`; `required` names only properties;
 * - numeric bounds are 2020-12 style (draft-4 boolean `exclusiveMinimum` converted).
 *
 * Keywords that only narrow what is valid and that some provider rejects (`not`, `if`/`then`/`else`,
 * `patternProperties`, `propertyNames`, `dependent*`, `contains`, `unevaluated*`) are dropped: that
 * relaxes the schema the model sees, never rejects a valid call, and the server's own schema is still
 * checked before every call (McpService validates arguments against the original inputSchema).
 */
export type NfType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface NfSchema {
  type?: NfType;
  nullable?: boolean;
  anyOf?: NfSchema[];
  enum?: EnumLiteral[];
  description?: string;
  title?: string;
  default?: unknown;
  properties?: Record<string, NfSchema>;
  required?: string[];
  additionalProperties?: boolean | NfSchema;
  items?: NfSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

/** The root of a tool's parameters: always an object. */
export interface NfObject extends NfSchema {
  type: 'object';
  properties: Record<string, NfSchema>;
}

export const NF_TYPES: readonly NfType[] = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];

/** "Any value": no type, no union, no enum. */
export function isAnyNode(node: NfSchema): boolean {
  return node.type === undefined && node.anyOf === undefined && node.enum === undefined;
}
