import { MAX_SCHEMA_DEPTH } from '../limits';
import { type JsonObject, SchemaRepairError, nullRecord, setOwn } from '../types';
import { isPlainObject } from '../../lib/isPlainObject';
import {
  NO_ENUM,
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
import { Kw, keywordsOf } from './present';
import { inlineRefs } from './refs';
import { combineUnion, mergeAllOf, typeList, unionBranches } from './unions';

/**
 * Reduces a server's inputSchema to the normal form (nf.ts). Throws SchemaRepairError for the few
 * schemas no adapter can make valid: the tool is then dropped with a warning.
 */
export function normalizeRootSchema(input: unknown): NfObject {
  if (input === false) throw new SchemaRepairError('its input schema is `false`: no arguments are valid');
  if (!isPlainObject(input)) return { type: 'object', properties: nullRecord() };
  return rootObject(normalizeInliningRefs(input));
}

/**
 * Thrown by normalizeNode when it meets a `$ref`. One instance, made once: throwing it captures no
 * stack. Inlined schemas have no `$ref` left where normalizeNode looks, so it never escapes.
 */
const REF_FOUND = new Error('a $ref to inline first');

/**
 * Most schemas have no `$ref`: they are normalized as they are, in one walk. One that has a `$ref`
 * where normalizeNode looks (any schema position it reads) is normalized again from its inlined copy;
 * a `$ref` only under keywords the normal form drops (`not`, `if`, `$defs` nobody uses…) changes
 * nothing it reads, so it costs no inlining.
 */
function normalizeInliningRefs(input: JsonObject): NfSchema | null {
  try {
    return normalizeNode(input, 0);
  } catch (error) {
    if (error !== REF_FOUND) throw error;
  }
  return normalizeNode(inlineRefs(input), 0);
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
  const present = keywordsOf(raw);
  // Checked before the depth bound: an inlined `$ref` can bring its target's annotations.
  if (present & Kw.ref && typeof raw.$ref === 'string') throw REF_FOUND;
  if (depth > MAX_SCHEMA_DEPTH) return annotationsOf(raw, present);
  const flat = present & Kw.allOf ? mergeAllOf(raw) : raw;
  const flatPresent = flat === raw ? present : keywordsOf(flat);
  // A `$ref` inside an `allOf` part, merged in.
  if (flat !== raw && flatPresent & Kw.ref && typeof flat.$ref === 'string') throw REF_FOUND;
  const type = flatPresent & Kw.type ? flat.type : undefined;
  // Most nodes are no union at all: answered without looking further.
  const branches = (flatPresent & (Kw.anyOf | Kw.oneOf)) !== 0 || Array.isArray(type) ? unionBranches(flat) : undefined;
  // Both paths build a new node, so the annotations go straight onto it (no copy per node).
  const node = branches ? combineUnion(branches.map((b) => normalizeNode(b, depth + 1))) : normalizeSingle(flat, flatPresent, type, depth);
  if (node === null) return null;
  return annotationsOf(flat, flatPresent, node);
}

function normalizeSingle(raw: JsonObject, present: number, rawType: unknown, depth: number): NfSchema {
  const { types, hasNull } = typeList(rawType);
  const { values, hasNull: enumNull } = present & (Kw.enum | Kw.const) ? enumValues(raw) : NO_ENUM;
  const type = types[0] ?? inferType(present) ?? (values ? typeOfValues(values) : undefined);
  // OpenAPI's `nullable: true` (servers that share schemas with Gemini send it) means what a null branch means.
  const nullable = hasNull || enumNull || ((present & Kw.nullable) !== 0 && raw.nullable === true);
  if (type === undefined && types.length === 0 && hasNull) return { type: 'null' };
  const out: NfSchema = type ? { type } : {};
  if (type === 'object') objectKeywords(raw, present, out, depth);
  else if (type === 'array') arrayKeywords(raw, present, out, depth);
  else if (type === 'string') stringKeywords(raw, present, out);
  else if (type === 'number' || type === 'integer') numberKeywords(raw, present, out);
  if (values) {
    const fitting = type ? values.filter((v) => valueFitsType(v, type)) : values;
    if (fitting.length > 0 && type !== 'object' && type !== 'array') out.enum = fitting;
  }
  if (nullable) out.nullable = true;
  return out;
}

function objectKeywords(raw: JsonObject, present: number, out: NfSchema, depth: number): void {
  // PHP servers send `properties: []` for "none": anything not an object counts as none.
  const props = present & Kw.properties && isPlainObject(raw.properties) ? raw.properties : undefined;
  const properties: Record<string, NfSchema> = {};
  if (props) for (const key of Object.keys(props)) {
    const node = normalizeNode(props[key], depth + 1);
    // A property whose schema is `false` must be absent: leave it out.
    if (node !== null) setOwn(properties, key, node);
  }
  out.properties = properties;
  if (present & Kw.required) {
    const required = filterRequired(raw, properties);
    if (required.length > 0) out.required = required;
  }
  const extra = present & Kw.additionalProperties ? raw.additionalProperties : undefined;
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
function arrayKeywords(raw: JsonObject, present: number, out: NfSchema, depth: number): void {
  const prefix = present & Kw.prefixItems && Array.isArray(raw.prefixItems) ? raw.prefixItems : [];
  const rawItems = present & Kw.items ? raw.items : undefined;
  // With prefixItems, an `items` schema describes the remaining elements: one more accepted shape.
  const rest = Array.isArray(rawItems) ? rawItems : prefix.length > 0 && isPlainObject(rawItems) ? [rawItems] : [];
  const listed = [...rest, ...prefix];
  let items: NfSchema | null;
  if (listed.length > 0) items = combineUnion(listed.map((s) => normalizeNode(s, depth + 1)));
  else if (rawItems === undefined || Array.isArray(rawItems)) items = {};
  else items = normalizeNode(rawItems, depth + 1);
  arrayBounds(raw, present, out);
  if (items === null) {
    // `items: false`: only the empty array is valid.
    out.items = {};
    out.maxItems = 0;
  } else {
    out.items = items;
  }
}
