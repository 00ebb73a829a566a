import type { ArgumentMap, JsonObject } from '../types';
import { setOwn } from '../types';
import { objectMap, unionMap } from './argumentMap';
import { renamedKeys } from './keys';
import type { NfSchema } from './nf';
import { Kw, keywordsOf, withBits } from './present';

/**
 * Emits the normal form as plain JSON Schema 2020-12 for OpenAI (non-strict) and Anthropic, which both
 * accept nearly full JSON Schema but share hard rejects: every object has
 * `properties`, every array `items`, no `$schema`, no draft-4 bounds, no tuples. `nullable` becomes a
 * type array `["T","null"]` (the idiom both document) or a `{type:'null'}` branch of an `anyOf`.
 */
export interface JsonSchemaOptions {
  /** Rename property keys that break `^[a-zA-Z0-9_.-]{1,64}$` (Anthropic). */
  renameKeys: boolean;
}

export interface Emitted {
  schema: JsonObject;
  map?: ArgumentMap;
}

type CopiedKey = 'minItems' | 'maxItems' | 'uniqueItems' | 'minLength' | 'maxLength' | 'pattern' | 'format' | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf';

/**
 * The keywords copied as they are, by node type, in the order they are written, each with its bit.
 * The normal form keeps only the keywords of a node's own type (keywords.ts), so looking up the other
 * types' keywords would only miss; of its own type's, only those the node has are looked up
 * (present.ts says why).
 */
const NUMBER_COPIED = withBits<CopiedKey>(['format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
const COPIED: Partial<Record<string, ReadonlyArray<readonly [CopiedKey, number]>>> = {
  array: withBits<CopiedKey>(['minItems', 'maxItems', 'uniqueItems']),
  string: withBits<CopiedKey>(['minLength', 'maxLength', 'pattern', 'format']),
  number: NUMBER_COPIED,
  integer: NUMBER_COPIED,
};

export function emitJsonSchema(node: NfSchema, options: JsonSchemaOptions): Emitted {
  const schema: JsonObject = {};
  let map: ArgumentMap | undefined;
  // Only the keywords the node has are looked up (present.ts says why).
  const present = keywordsOf(node);
  if (present & Kw.description && node.description !== undefined) schema.description = node.description;
  if (present & Kw.title && node.title !== undefined) schema.title = node.title;
  if (present & Kw.default && node.default !== undefined) schema.default = node.default;
  const nullable = (present & Kw.nullable) !== 0 && Boolean(node.nullable);
  const anyOf = present & Kw.anyOf ? node.anyOf : undefined;
  if (anyOf && anyOf.every(isBareType)) {
    // Bare-type unions read best as a type array: `["boolean","string"]`.
    schema.type = [...anyOf.map((b) => b.type), ...(nullable ? ['null'] : [])];
    return { schema };
  }
  if (anyOf) {
    const branches = anyOf.map((b) => emitJsonSchema(b, options));
    schema.anyOf = branches.map((b) => b.schema);
    if (nullable) (schema.anyOf as JsonObject[]).push({ type: 'null' });
    return { schema, map: unionMap(branches.map((b) => b.map)) };
  }
  const type = present & Kw.type ? node.type : undefined;
  if (type) schema.type = nullable && type !== 'null' ? [type, 'null'] : type;
  // `["string","null"]` with an enum still needs null listed among the values.
  if (present & Kw.enum && node.enum) schema.enum = nullable ? [...node.enum, null] : [...node.enum];
  const copied = type === undefined ? undefined : COPIED[type];
  if (copied) for (const [key, bit] of copied) if (present & bit && node[key] !== undefined) schema[key] = node[key];
  if (type === 'object') map = emitObject(node, present, schema, options);
  if (type === 'array') {
    const items = emitJsonSchema(node.items ?? {}, options);
    schema.items = items.schema;
    if (items.map) map = { items: items.map };
  }
  return map ? { schema, map } : { schema };
}

function emitObject(node: NfSchema, present: number, schema: JsonObject, options: JsonSchemaOptions): ArgumentMap | undefined {
  const map = emitProperties(node, present, schema, options);
  const additional = present & Kw.additionalProperties ? node.additionalProperties : undefined;
  if (typeof additional === 'boolean') schema.additionalProperties = additional;
  else if (additional) {
    const extra = emitJsonSchema(additional, options);
    schema.additionalProperties = extra.schema;
    if (extra.map) return { ...map, additionalProperties: extra.map };
  }
  return map;
}

function emitProperties(node: NfSchema, present: number, schema: JsonObject, options: JsonSchemaOptions): ArgumentMap | undefined {
  const source = node.properties ?? {};
  const keys = Object.keys(source);
  // undefined: every key is sent as the server wrote it.
  const renamed = options.renameKeys ? renamedKeys(keys) : undefined;
  const properties: Record<string, JsonObject> = {};
  const children: Array<[string, ArgumentMap]> = [];
  for (const key of keys) {
    const child = emitJsonSchema(source[key]!, options);
    setOwn(properties, renamed ? renamed.get(key)! : key, child.schema);
    if (child.map) children.push([key, child.map]);
  }
  schema.properties = properties;
  const required = present & Kw.required ? node.required : undefined;
  if (required?.length) schema.required = renamed ? required.map((r) => renamed.get(r)!) : [...required];
  return objectMap(renamed, children);
}

function isBareType(node: NfSchema): boolean {
  return node.type !== undefined && node.type !== 'object' && node.type !== 'array' && Object.keys(node).length === 1;
}
