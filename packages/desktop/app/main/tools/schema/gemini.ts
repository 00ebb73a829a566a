import { type ArgumentMap, type EnumLiteral, type JsonObject, nullRecord, setOwn } from '../types';
import { objectMap, unionMap } from './argumentMap';
import { renamedKeys } from './keys';
import type { NfObject, NfSchema } from './nf';
import { Kw, keywordsOf, withBits } from './present';

/**
 * Gemini `FunctionDeclaration.parameters`: "a select subset of an OpenAPI 3.0 schema object".
 * Only these keys are emitted; any other key is rejected with
 * `Unknown name "<key>"` (additionalProperties, $schema, const, $ref, exclusiveMinimum, propertyNames…).
 * The allow-list is the intersection of the Gemini API and Vertex `Schema` fields, minus `default` and
 * `example` (documented as ignored).
 */
export const GEMINI_SCHEMA_KEYS = ['type', 'format', 'description', 'title', 'nullable', 'enum', 'items', 'minItems', 'maxItems', 'properties', 'required', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'anyOf'] as const;

/** "for STRING type: enum, date-time; NUMBER: float, double; INTEGER: int32, int64" (gemini-cli #3178). */
const FORMATS: Record<string, string[]> = { string: ['enum', 'date-time'], number: ['float', 'double'], integer: ['int32', 'int64'] };

interface Emitted {
  schema: JsonObject;
  map?: ArgumentMap;
}

/** The root: omitted entirely when the tool takes no parameters (`properties: should be non-empty for OBJECT type`). */
export function toGeminiParameters(root: NfObject): { parameters?: JsonObject; map?: ArgumentMap } {
  if (!hasKeys(root.properties)) return {};
  const { schema, map } = emitObject(root);
  return { parameters: schema, map };
}

function emit(node: NfSchema): Emitted {
  // Only the keywords the node has are looked up (present.ts says why).
  const present = keywordsOf(node);
  if (present & Kw.anyOf && node.anyOf) return emitUnion(node);
  const type = present & Kw.type ? node.type : undefined;
  const values = present & Kw.enum ? node.enum : undefined;
  if (type === undefined && values === undefined) return jsonText(node, present, 'any JSON value');
  if (type === 'object') {
    return present & Kw.properties && node.properties !== undefined && hasKeys(node.properties) ? emitObject(node, present) : jsonText(node, present, 'a JSON object');
  }
  const schema = annotations(node, present);
  let map: ArgumentMap | undefined;
  if (values) map = emitEnum(values, schema);
  else if (type === 'null') schema.type = 'string';
  else if (type) schema.type = type;
  if (type === 'array') {
    const items = emit(node.items ?? {});
    schema.items = items.schema;
    if (items.map) map = { items: items.map };
    copy(node, present, schema, ARRAY_COPIED);
  }
  if (type === 'string' && !values) copy(node, present, schema, STRING_COPIED);
  if ((type === 'number' || type === 'integer') && !values) bounds(node, present, schema);
  const format = present & Kw.format && node.format && !values ? node.format : undefined;
  if (format && type && FORMATS[type]?.includes(format)) schema.format = format;
  if ((present & Kw.nullable && node.nullable) || type === 'null') schema.nullable = true;
  return map ? { schema, map } : { schema };
}

/**
 * Vertex: "When using any_of, it must be the only field set": the union node carries nothing
 * but `anyOf`; its description and nullability move into every branch.
 */
function emitUnion(node: NfSchema): Emitted {
  const branches = node.anyOf!.map((branch) => {
    const out = emit(branch);
    if (node.nullable) out.schema.nullable = true;
    if (node.description && out.schema.description === undefined) out.schema.description = node.description;
    return out;
  });
  return { schema: { anyOf: branches.map((b) => b.schema) }, map: unionMap(branches.map((b) => b.map)) };
}

function emitObject(node: NfSchema, present = keywordsOf(node)): Emitted {
  const source = node.properties ?? {};
  const keys = Object.keys(source);
  // undefined: every key is valid and sent as is.
  const renamed = renamedKeys(keys);
  const properties: Record<string, JsonObject> = {};
  const children: Array<[string, ArgumentMap]> = [];
  for (const key of keys) {
    const child = emit(source[key]!);
    setOwn(properties, renamed ? renamed.get(key)! : key, child.schema);
    if (child.map) children.push([key, child.map]);
  }
  const schema = annotations(node, present);
  schema.type = 'object';
  schema.properties = properties;
  const required = present & Kw.required ? node.required : undefined;
  if (required?.length) schema.required = renamed ? required.map((r) => renamed.get(r)!) : [...required];
  if (present & Kw.nullable && node.nullable) schema.nullable = true;
  const map = objectMap(renamed, children);
  return map ? { schema, map } : { schema };
}

/**
 * `enum` is `string[]` and "only allowed for STRING type" (numeric values fail with
 * `(TYPE_STRING), 2`, 9router PR #380). Numbers and booleans are sent as strings with `format: 'enum'`
 * (the Vertex idiom) and the map turns the model's "2" back into 2. An empty string among the
 * values is reported as rejected (langchainjs #9875): such an enum is dropped, its values listed in the
 * description instead.
 */
function emitEnum(values: EnumLiteral[], schema: JsonObject): ArgumentMap | undefined {
  schema.type = 'string';
  if (values.includes('')) {
    const listed = values.map((v) => JSON.stringify(v)).join(', ');
    const described = typeof schema.description === 'string' ? schema.description : '';
    schema.description = described ? `${described} (one of ${listed})` : `One of ${listed}`;
    return undefined;
  }
  if (values.every((v) => typeof v === 'string')) {
    schema.enum = [...values];
    return undefined;
  }
  const decode = nullRecord<EnumLiteral>();
  for (const v of values) if (!Object.hasOwn(decode, String(v))) decode[String(v)] = v;
  schema.format = 'enum';
  schema.enum = Object.keys(decode);
  return { enumValues: decode };
}

/**
 * What Gemini's subset cannot describe (a value of any type, a free-form object or map) is sent as a
 * string of JSON text: every Gemini node needs a single `type` (a missing one fails, litellm #6495) and
 * an OBJECT with no properties has been rejected. The map parses the text back before the call.
 *
 */
function jsonText(node: NfSchema, present: number, what: string): Emitted {
  const schema = annotations(node, present);
  schema.type = 'string';
  schema.description = `${node.description ? `${node.description} ` : ''}(${what}, written as JSON text)`;
  if (node.nullable) schema.nullable = true;
  return { schema, map: { jsonText: true } };
}

function annotations(node: NfSchema, present: number): JsonObject {
  const out: JsonObject = {};
  if (present & Kw.description && node.description !== undefined) out.description = node.description;
  if (present & Kw.title && node.title !== undefined) out.title = node.title;
  return out;
}

/** The keywords copied as they are, with their bits: only those the node has are looked up (present.ts). */
const ARRAY_COPIED = withBits<keyof NfSchema>(['minItems', 'maxItems']);
const STRING_COPIED = withBits<keyof NfSchema>(['minLength', 'maxLength', 'pattern']);

function copy(node: NfSchema, present: number, schema: JsonObject, keys: ReadonlyArray<readonly [keyof NfSchema, number]>): void {
  for (const [key, bit] of keys) if (present & bit && node[key] !== undefined) schema[key] = node[key];
}

/** `exclusiveMinimum`/`exclusiveMaximum` are unknown fields for Gemini: kept as inclusive bounds. */
function bounds(node: NfSchema, present: number, schema: JsonObject): void {
  const minimum = present & Kw.minimum ? node.minimum : undefined;
  const maximum = present & Kw.maximum ? node.maximum : undefined;
  const exclusiveMinimum = present & Kw.exclusiveMinimum ? node.exclusiveMinimum : undefined;
  const exclusiveMaximum = present & Kw.exclusiveMaximum ? node.exclusiveMaximum : undefined;
  const min = exclusiveMinimum !== undefined ? Math.max(exclusiveMinimum, minimum ?? -Infinity) : minimum;
  const max = exclusiveMaximum !== undefined ? Math.min(exclusiveMaximum, maximum ?? Infinity) : maximum;
  if (min !== undefined) schema.minimum = min;
  if (max !== undefined) schema.maximum = max;
}

/** Whether a record has an own key, without listing them all. */
function hasKeys(record: Record<string, unknown>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}
