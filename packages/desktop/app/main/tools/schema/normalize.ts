import { MAX_SCHEMA_DEPTH } from '../limits';
import { type JsonObject, SchemaRepairError, nullRecord } from '../types';
import { isPlainObject } from '../../lib/isPlainObject';
import {
  annotationsOf,
  arrayBounds,
  enumValues,
  filterRequired,
  inferType,
  numberKeywords,
  stringKeywords,
  typeOfValues,
  valueFitsType,
} from './keywords';
import { type NfObject, type NfSchema, isAnyNode } from './nf';
import { inlineRefs } from './refs';
import { combineUnion, mergeAllOf, typeList, unionBranches } from './unions';

/**
 * Reduces a server's inputSchema to the normal form (nf.ts). Throws SchemaRepairError for the few
 * schemas no adapter can make valid: the tool is then dropped with a warning.
 */
export function normalizeRootSchema(input: unknown): NfObject {
  if (input === false) throw new SchemaRepairError('its input schema is `false`: no arguments are valid');
  if (!isPlainObject(input)) return { type: 'object', properties: nullRecord() };
  const node = normalizeNode(inlineRefs(input), 0);
  return rootObject(node);
}

/**
 * Every provider wants `{type:'object', properties}` at the root, without root unions (Anthropic: "does not support oneOf, allOf, or anyOf at the top level"). A typeless root is an
 * object; a root union keeps its object branches, merged (properties united, `required` only where every
 * branch requires it). MCP `tools/call` arguments are always an object, so a root that only admits
 * strings, arrays, numbers or nothing cannot be called at all: that is the unrepairable case.
 */
function rootObject(node: NfSchema | null): NfObject {
  if (node === null) throw new SchemaRepairError('its input schema accepts no value at all');
  // The usual root (an object node, built fresh by normalizeNode and shared with nothing) is already in
  // its final shape: returned as is rather than copied twice (same keys, same order).
  if (node.type === 'object' && node.properties !== undefined && !Object.hasOwn(node, 'nullable')) return node as NfObject;
  const { nullable: _nullable, ...rest } = node;
  if (rest.type === 'object') return { ...rest, type: 'object', properties: rest.properties ?? nullRecord() };
  if (isAnyNode(rest)) return { ...annotations(rest), type: 'object', properties: nullRecord() };
  const objects = (rest.anyOf ?? []).filter((b) => b.type === 'object');
  if (objects.length === 0) {
    const kinds = rest.anyOf ? rest.anyOf.map((b) => b.type ?? 'any').join(' | ') : (rest.type ?? 'enum');
    throw new SchemaRepairError(`its input schema's root is ${kinds}, but MCP tool arguments are always an object`);
  }
  return { ...annotations(rest), ...mergeObjects(objects) };
}

function annotations(node: NfSchema): NfSchema {
  const out: NfSchema = {};
  if (node.description !== undefined) out.description = node.description;
  if (node.title !== undefined) out.title = node.title;
  return out;
}

function mergeObjects(objects: NfSchema[]): NfObject {
  const properties = nullRecord<NfSchema>();
  for (const o of objects) for (const [k, v] of Object.entries(o.properties ?? {})) if (!Object.hasOwn(properties, k)) properties[k] = v;
  const required = (objects[0]!.required ?? []).filter((r) => objects.every((o) => o.required?.includes(r)));
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}

/** One schema node; null means it accepts nothing (JSON Schema `false`). */
export function normalizeNode(raw: unknown, depth: number): NfSchema | null {
  if (raw === false) return null;
  if (!isPlainObject(raw)) return {};
  if (depth > MAX_SCHEMA_DEPTH) return annotationsOf(raw);
  const flat = mergeAllOf(raw);
  const branches = unionBranches(flat);
  // Both paths build a new node, so the annotations go straight onto it (no copy per node).
  const node = branches ? combineUnion(branches.map((b) => normalizeNode(b, depth + 1))) : normalizeSingle(flat, depth);
  if (node === null) return null;
  if (typeof flat.description === 'string' && flat.description) node.description = flat.description;
  if (typeof flat.title === 'string' && flat.title) node.title = flat.title;
  if (Object.hasOwn(flat, 'default') && flat.default !== undefined) node.default = flat.default;
  return node;
}

function normalizeSingle(raw: JsonObject, depth: number): NfSchema {
  const { types, hasNull } = typeList(raw.type);
  const { values, hasNull: enumNull } = enumValues(raw);
  const type = types[0] ?? inferType(raw) ?? (values ? typeOfValues(values) : undefined);
  // OpenAPI's `nullable: true` (servers that share schemas with Gemini send it) means what a null branch means.
  const nullable = hasNull || enumNull || raw.nullable === true;
  if (type === undefined && types.length === 0 && hasNull) return { type: 'null' };
  const out: NfSchema = type ? { type } : {};
  if (type === 'object') objectKeywords(raw, out, depth);
  else if (type === 'array') arrayKeywords(raw, out, depth);
  else if (type === 'string') stringKeywords(raw, out);
  else if (type === 'number' || type === 'integer') numberKeywords(raw, out);
  if (values) {
    const fitting = type ? values.filter((v) => valueFitsType(v, type)) : values;
    if (fitting.length > 0 && type !== 'object' && type !== 'array') out.enum = fitting;
  }
  if (nullable) out.nullable = true;
  return out;
}

function objectKeywords(raw: JsonObject, out: NfSchema, depth: number): void {
  // PHP servers send `properties: []` for "none": anything not an object counts as none.
  const props = isPlainObject(raw.properties) ? raw.properties : undefined;
  const properties = nullRecord<NfSchema>();
  if (props) for (const key of Object.keys(props)) {
    const node = normalizeNode(props[key], depth + 1);
    // A property whose schema is `false` must be absent: leave it out.
    if (node !== null) properties[key] = node;
  }
  out.properties = properties;
  const required = filterRequired(raw, properties);
  if (required.length > 0) out.required = required;
  const extra = raw.additionalProperties;
  if (typeof extra === 'boolean') out.additionalProperties = extra;
  else if (isPlainObject(extra)) {
    const node = normalizeNode(extra, depth + 1);
    out.additionalProperties = node === null ? false : isAnyNode(node) ? true : node;
  }
}

/**
 * Arrays always get `items` (OpenAI: "array schema missing items"). Draft-07 tuple
 * `items: [...]` and 2020-12 `prefixItems` are not accepted everywhere (tuple ✗ for Anthropic):
 * they become `items` that accepts any of the listed element schemas.
 */
function arrayKeywords(raw: JsonObject, out: NfSchema, depth: number): void {
  const prefix = Array.isArray(raw.prefixItems) ? raw.prefixItems : [];
  // With prefixItems, an `items` schema describes the remaining elements: one more accepted shape.
  const rest = Array.isArray(raw.items) ? raw.items : prefix.length > 0 && isPlainObject(raw.items) ? [raw.items] : [];
  const listed = [...rest, ...prefix];
  let items: NfSchema | null;
  if (listed.length > 0) items = combineUnion(listed.map((s) => normalizeNode(s, depth + 1)));
  else if (raw.items === undefined || Array.isArray(raw.items)) items = {};
  else items = normalizeNode(raw.items, depth + 1);
  arrayBounds(raw, out);
  if (items === null) {
    // `items: false`: only the empty array is valid.
    out.items = {};
    out.maxItems = 0;
  } else {
    out.items = items;
  }
}
