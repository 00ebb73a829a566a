import type { ArgumentMap, JsonObject } from '../types';
import { nullRecord } from '../types';
import { objectMap, unionMap } from './argumentMap';
import { renamedKeys } from './keys';
import type { NfSchema } from './nf';

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

const COPIED = ['minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

export function emitJsonSchema(node: NfSchema, options: JsonSchemaOptions): Emitted {
  const schema: JsonObject = {};
  let map: ArgumentMap | undefined;
  if (node.description !== undefined) schema.description = node.description;
  if (node.title !== undefined) schema.title = node.title;
  if (node.default !== undefined) schema.default = node.default;
  if (node.anyOf && node.anyOf.every(isBareType)) {
    // Bare-type unions read best as a type array: `["boolean","string"]`.
    schema.type = [...node.anyOf.map((b) => b.type), ...(node.nullable ? ['null'] : [])];
    return { schema };
  }
  if (node.anyOf) {
    const branches = node.anyOf.map((b) => emitJsonSchema(b, options));
    schema.anyOf = branches.map((b) => b.schema);
    if (node.nullable) (schema.anyOf as JsonObject[]).push({ type: 'null' });
    return { schema, map: unionMap(branches.map((b) => b.map)) };
  }
  if (node.type) schema.type = node.nullable && node.type !== 'null' ? [node.type, 'null'] : node.type;
  // `["string","null"]` with an enum still needs null listed among the values.
  if (node.enum) schema.enum = node.nullable ? [...node.enum, null] : [...node.enum];
  for (const key of COPIED) if (node[key] !== undefined) schema[key] = node[key];
  if (node.type === 'object') map = emitObject(node, schema, options);
  if (node.type === 'array') {
    const items = emitJsonSchema(node.items ?? {}, options);
    schema.items = items.schema;
    if (items.map) map = { items: items.map };
  }
  return map ? { schema, map } : { schema };
}

function emitObject(node: NfSchema, schema: JsonObject, options: JsonSchemaOptions): ArgumentMap | undefined {
  const map = emitProperties(node, schema, options);
  if (typeof node.additionalProperties === 'boolean') schema.additionalProperties = node.additionalProperties;
  else if (node.additionalProperties) {
    const extra = emitJsonSchema(node.additionalProperties, options);
    schema.additionalProperties = extra.schema;
    if (extra.map) return { ...map, additionalProperties: extra.map };
  }
  return map;
}

function emitProperties(node: NfSchema, schema: JsonObject, options: JsonSchemaOptions): ArgumentMap | undefined {
  const source = node.properties ?? {};
  const keys = Object.keys(source);
  // undefined: every key is sent as the server wrote it.
  const renamed = options.renameKeys ? renamedKeys(keys) : undefined;
  const properties = nullRecord<JsonObject>();
  const children: Array<[string, ArgumentMap]> = [];
  for (const key of keys) {
    const child = emitJsonSchema(source[key]!, options);
    properties[renamed ? renamed.get(key)! : key] = child.schema;
    if (child.map) children.push([key, child.map]);
  }
  schema.properties = properties;
  if (node.required?.length) schema.required = renamed ? node.required.map((r) => renamed.get(r)!) : [...node.required];
  return objectMap(renamed, children);
}

function isBareType(node: NfSchema): boolean {
  return node.type !== undefined && node.type !== 'object' && node.type !== 'array' && Object.keys(node).length === 1;
}
