import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES } from '../limits';
import { type JsonObject, SchemaRepairError, setOwn } from '../types';
import { isPlainObject } from '../../lib/isPlainObject';
import { ANNOTATION_KEYWORDS, isSchemaKeyword, isSchemaMapKeyword } from './walk';

/**
 * Inlines local `$ref`s (`#`, `#/$defs/x`, `#/definitions/x`, any RFC 6901 pointer) so no provider sees
 * one: Gemini `parameters` rejects `$ref` (`Unknown name "$ref"`) and several
 * OpenAI-compatible servers cannot resolve them. `$defs`/`definitions` are removed afterwards.
 *
 * - A reference back into itself (recursion) becomes an "any value" schema `{}` with the annotations
 *   it had, instead of being unrolled forever.
 * - Expansion stops at MAX_SCHEMA_DEPTH (deeper nodes become `{}`) and MAX_SCHEMA_NODES (the tool is
 *   dropped: a `$ref` graph that expands this far would be too large to send).
 * - An unresolvable nested reference (remote URL, anchor, missing target) becomes `{}`; an unresolvable
 *   reference at the root leaves nothing to send, so it throws SchemaRepairError.
 */
export function inlineRefs(root: JsonObject): JsonObject {
  if (!containsRef(root)) return root;
  const state = { root, nodes: 0 };
  if (typeof root.$ref === 'string' && resolvePointer(root, root.$ref) === undefined) {
    throw new SchemaRepairError(`its input schema is an unresolvable reference ${JSON.stringify(root.$ref)}`);
  }
  const out = inlineNode(root, state, [], 0);
  return isPlainObject(out) ? out : {};
}

interface InlineState {
  root: JsonObject;
  nodes: number;
}

function inlineNode(node: unknown, state: InlineState, stack: string[], depth: number): unknown {
  if (!isPlainObject(node)) return node;
  state.nodes += 1;
  if (state.nodes > MAX_SCHEMA_NODES) {
    throw new SchemaRepairError(`its input schema expands to more than ${MAX_SCHEMA_NODES} nodes after resolving $ref`);
  }
  if (depth > MAX_SCHEMA_DEPTH) return pickAnnotations(node);
  if (typeof node.$ref === 'string') return inlineRef(node, node.$ref, state, stack, depth);
  // Plain objects filled from own keys only (setOwn in types.ts): the normal form reads these copies
  // next, and plain objects read faster than null-prototype ones.
  const out: JsonObject = {};
  for (const key of Object.keys(node)) {
    if (key === '$defs' || key === 'definitions') continue;
    const value = node[key];
    if (isSchemaMapKeyword(key) && isPlainObject(value)) {
      const map: JsonObject = {};
      for (const name of Object.keys(value)) setOwn(map, name, inlineNode(value[name], state, stack, depth + 1));
      out[key] = map;
    } else if (isSchemaKeyword(key)) {
      out[key] = Array.isArray(value) ? value.map((v) => inlineNode(v, state, stack, depth + 1)) : inlineNode(value, state, stack, depth + 1);
    } else {
      setOwn(out, key, value);
    }
  }
  return out;
}

function inlineRef(node: JsonObject, ref: string, state: InlineState, stack: string[], depth: number): unknown {
  const { $ref: _ref, ...rest } = node;
  const target = resolvePointer(state.root, ref);
  if (target === undefined || stack.includes(ref)) return pickAnnotations(rest);
  const resolved = inlineNode(target, state, [...stack, ref], depth);
  const siblings = inlineNode(rest, state, stack, depth);
  const hasConstraints = Object.keys(rest).some((k) => !ANNOTATION_KEYWORDS.has(k) && !k.startsWith('$'));
  // Beside $ref, other keywords apply too (2020-12 §8.2.3.1): an allOf keeps both.
  if (hasConstraints) return { allOf: [resolved, siblings] };
  return isPlainObject(resolved) ? { ...resolved, ...(siblings as JsonObject) } : resolved;
}

function pickAnnotations(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (typeof node.description === 'string') out.description = node.description;
  if (typeof node.title === 'string') out.title = node.title;
  return out;
}

/** Resolves `#` or `#/a/b~1c` (RFC 6901, URI-encoded) inside `root`; undefined when it does not. */
export function resolvePointer(root: JsonObject, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    // Most tokens are plain names (`$defs`, `Address`): nothing to decode.
    let token = raw;
    if (raw.includes('%') || raw.includes('~')) {
      try {
        token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
    }
    if (Array.isArray(current) && /^\d+$/.test(token)) current = current[Number(token)];
    else if (isPlainObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return current;
}

/**
 * Whether any node has a `$ref` (most schemas have none: then nothing needs copying). normalize.ts
 * calls inlineRefs only for a schema where it met a `$ref`; other callers may pass any schema, so the
 * walk allocates nothing (no Object.values, no closures).
 */
function containsRef(node: unknown): boolean {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i += 1) {
      const item: unknown = node[i];
      if (typeof item === 'object' && item !== null && containsRef(item)) return true;
    }
    return false;
  }
  if (typeof node !== 'object' || node === null) return false;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') return true;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    if (typeof value === 'object' && value !== null && containsRef(value)) return true;
  }
  return false;
}
