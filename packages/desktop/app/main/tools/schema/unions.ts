import { type JsonObject, nullRecord } from '../types';
import { isPlainObject } from '../../lib/isPlainObject';
import { type NfSchema, type NfType, NF_TYPES, isAnyNode } from './nf';

/**
 * Unions in the normal form: `allOf` merged, `oneOf` read as `anyOf` (the model only needs the shapes;
 * OpenAI strict and Gemini reject `oneOf`), type arrays split into branches,
 * null branches turned into `nullable` (Gemini has no null type and rejects type arrays:
 * "Proto field is not repeating").
 */

const UNION_KEYS = new Set(['anyOf', 'oneOf', 'allOf', 'description', 'title', 'default', 'examples']);
/** A branch made only of these adds a constraint, not a shape (e.g. `anyOf: [{required:[a]}, {required:[b]}]`). */
const CONSTRAINT_ONLY = new Set(['required', 'minProperties', 'maxProperties', 'not', 'dependentRequired', 'description', 'title', '$comment']);

export interface TypeList {
  readonly types: readonly NfType[];
  readonly hasNull: boolean;
}

const NO_TYPE: TypeList = Object.freeze({ types: Object.freeze([]), hasNull: false });
const SINGLE_TYPE_LISTS = new Map<string, TypeList>(
  NF_TYPES.map((t) => [t, Object.freeze(t === 'null' ? { types: Object.freeze([]), hasNull: true } : { types: Object.freeze([t]), hasNull: false })]),
);

/** The type keyword as a list of known names plus whether it allows null; `any` and unknown names are ignored. */
export function typeList(type: unknown): TypeList {
  // Nearly every node has one type name: answered from constants (read-only), nothing allocated.
  if (typeof type === 'string') return SINGLE_TYPE_LISTS.get(type) ?? NO_TYPE;
  if (type === undefined) return NO_TYPE;
  const names = (Array.isArray(type) ? type : [type]).filter((t): t is NfType => typeof t === 'string' && NF_TYPES.includes(t as NfType));
  const unique = [...new Set(names)];
  return { types: unique.filter((t) => t !== 'null'), hasNull: unique.includes('null') };
}

/**
 * Merges `allOf` into its parent (LangChain mcp-adapters and openai-node do the same): properties merged key by key, `required` united, other keywords first-come.
 */
export function mergeAllOf(raw: JsonObject): JsonObject {
  if (!Array.isArray(raw.allOf)) return raw;
  const { allOf, ...rest } = raw;
  return (allOf as unknown[]).filter(isPlainObject).map((part) => mergeAllOf(part)).reduce(mergeTwo, rest);
}

function mergeTwo(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...b, ...a };
  if (isPlainObject(a.properties) && isPlainObject(b.properties)) {
    const props = nullRecord<unknown>();
    for (const [k, v] of Object.entries(b.properties)) props[k] = v;
    for (const [k, v] of Object.entries(a.properties)) {
      const other = props[k];
      props[k] = isPlainObject(v) && isPlainObject(other) ? mergeTwo(v, other) : v;
    }
    out.properties = props;
  }
  if (Array.isArray(a.required) || Array.isArray(b.required)) {
    out.required = [...new Set([...(Array.isArray(a.required) ? a.required : []), ...(Array.isArray(b.required) ? b.required : [])])];
  }
  return out;
}

/**
 * The branches of a union, each carrying the parent's shape keywords when it has no type of its own
 * (`{type:'string', anyOf:[{format:'date'}, {format:'email'}]}`), or undefined when the node is not a
 * union. Constraint-only unions are not shapes and are dropped.
 */
export function unionBranches(raw: JsonObject): unknown[] | undefined {
  // Most nodes are no union at all: answered without building anything.
  if (raw.anyOf === undefined && raw.oneOf === undefined && !Array.isArray(raw.type)) return undefined;
  const listed = [...asArray(raw.anyOf), ...asArray(raw.oneOf)];
  if (listed.length > 0 && !listed.every(isConstraintOnly)) {
    const base = shapeOf(raw);
    return listed.map((branch) => (isPlainObject(branch) && !Object.hasOwn(branch, 'type') ? { ...base, ...branch } : branch));
  }
  if (!Array.isArray(raw.type)) return undefined;
  const { types, hasNull } = typeList(raw.type);
  if (types.length < 2) return undefined;
  const base = shapeOf(raw);
  const branches: unknown[] = types.map((type) => ({ ...base, type }));
  if (hasNull) branches.push({ type: 'null' });
  return branches;
}

/** The node without its union and annotation keywords: what each branch inherits. */
function shapeOf(raw: JsonObject): JsonObject {
  const base: JsonObject = {};
  for (const [k, v] of Object.entries(raw)) if (!UNION_KEYS.has(k)) base[k] = v;
  return base;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isConstraintOnly(branch: unknown): boolean {
  return isPlainObject(branch) && Object.keys(branch).every((k) => CONSTRAINT_ONLY.has(k));
}

/**
 * Combines normalized branches (null = a branch that accepts nothing): nested unions flattened, null
 * branches → `nullable`, one "any" branch makes the whole union "any", same-type enum branches joined
 * (`anyOf` of `const`s is what Gemini rejected in zed #44875), duplicates removed.
 */
export function combineUnion(branches: Array<NfSchema | null>): NfSchema | null {
  let nullable = false;
  const out: NfSchema[] = [];
  for (const branch of flatten(branches)) {
    if (branch === null) continue;
    if (branch.type === 'null') {
      nullable = true;
      continue;
    }
    if (isAnyNode(branch)) return { ...pick(branch) };
    const { nullable: branchNullable, ...rest } = branch;
    if (branchNullable) nullable = true;
    out.push(rest);
  }
  const merged = dedupe(joinEnums(out));
  if (merged.length === 0) return nullable ? { type: 'null' } : null;
  const single = merged.length === 1 ? { ...merged[0]! } : { anyOf: merged };
  return nullable ? { ...single, nullable: true } : single;
}

function flatten(branches: Array<NfSchema | null>): Array<NfSchema | null> {
  // Most unions hold no union: nothing to copy.
  if (!branches.some((b) => b?.anyOf)) return branches;
  return branches.flatMap((b) => {
    if (!b?.anyOf) return [b];
    const inner = b.anyOf.map((x) => ({ ...x }));
    return b.nullable ? [...inner, { type: 'null' as const }] : inner;
  });
}

function pick(node: NfSchema): NfSchema {
  return node.description ? { description: node.description } : {};
}

function joinEnums(branches: NfSchema[]): NfSchema[] {
  const out: NfSchema[] = [];
  for (const branch of branches) {
    const simple = branch.enum && Object.keys(branch).every((k) => k === 'type' || k === 'enum' || k === 'description' || k === 'title');
    const target = simple ? out.find((o) => o.enum && o.type === branch.type && o.anyOf === undefined && isSimpleEnum(o)) : undefined;
    if (target && branch.enum) target.enum = [...new Set([...target.enum!, ...branch.enum])];
    else out.push(simple ? { ...branch, enum: [...branch.enum!] } : branch);
  }
  return out;
}

function isSimpleEnum(node: NfSchema): boolean {
  return Object.keys(node).every((k) => k === 'type' || k === 'enum' || k === 'description' || k === 'title');
}

function dedupe(branches: NfSchema[]): NfSchema[] {
  // A union left with one branch (`anyOf: [X, {type:'null'}]`, the usual optional value) has nothing to
  // compare: its branch is not serialized.
  if (branches.length < 2) return branches;
  const seen = new Set<string>();
  return branches.filter((b) => {
    const key = JSON.stringify(b);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
