import { type EnumLiteral, type JsonObject, nullRecord } from '../types';
import { isPlainObject } from '../../lib/isPlainObject';
import type { NfSchema, NfType } from './nf';

/**
 * Per-type keyword extraction for the normal form (nf.ts): only the keywords that belong to the
 * node's type are kept, so `properties`/`required` never sit on a non-object (Gemini: "only allowed for
 * OBJECT type") and string keywords never sit on numbers.
 */

const OBJECT_HINTS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'propertyNames'];
const ARRAY_HINTS = ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'];
const STRING_HINTS = ['minLength', 'maxLength', 'pattern', 'format'];
const NUMBER_HINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/** The type a typeless schema evidently means (opencode #13150), if any. */
export function inferType(raw: JsonObject): NfType | undefined {
  if (hasAny(raw, OBJECT_HINTS)) return 'object';
  if (hasAny(raw, ARRAY_HINTS)) return 'array';
  if (hasAny(raw, STRING_HINTS)) return 'string';
  if (hasAny(raw, NUMBER_HINTS)) return 'number';
  return undefined;
}

function hasAny(raw: JsonObject, keys: readonly string[]): boolean {
  for (const key of keys) if (Object.hasOwn(raw, key)) return true;
  return false;
}

/** What enumValues answers for the many nodes with neither `enum` nor `const` (read-only, shared). */
const NO_ENUM: { values?: EnumLiteral[]; hasNull: boolean } = Object.freeze({ hasNull: false });

/** `enum` and `const` (const wins) as primitive values; `null` among them means nullable. */
export function enumValues(raw: JsonObject): { values?: EnumLiteral[]; hasNull: boolean } {
  const source = Object.hasOwn(raw, 'const') ? [raw.const] : Array.isArray(raw.enum) ? raw.enum : undefined;
  if (!source) return NO_ENUM;
  const hasNull = source.includes(null);
  const rest = source.filter((v) => v !== null);
  // Objects and arrays as enum values: no provider's string-enum form can carry them; drop the enum.
  if (!rest.every(isEnumLiteral)) return { hasNull };
  const values = [...new Set(rest as EnumLiteral[])];
  return { values: values.length > 0 ? values : undefined, hasNull };
}

function isEnumLiteral(v: unknown): v is EnumLiteral {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

export function typeOfValues(values: EnumLiteral[]): NfType | undefined {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  return undefined;
}

export function valueFitsType(value: EnumLiteral, type: NfType): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  return false;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function stringKeywords(raw: JsonObject, out: NfSchema): void {
  if (isCount(raw.minLength)) out.minLength = raw.minLength;
  if (isCount(raw.maxLength)) out.maxLength = raw.maxLength;
  if (typeof raw.pattern === 'string' && compiles(raw.pattern)) out.pattern = raw.pattern;
  if (typeof raw.format === 'string' && raw.format) out.format = raw.format;
}

/** A pattern that does not even compile here would be rejected by a provider's regex engine too (DeepSeek). */
function compiles(pattern: string): boolean {
  const known = compiledPatterns.get(pattern);
  if (known !== undefined) return known;
  let ok = true;
  try {
    new RegExp(pattern, 'u');
  } catch {
    ok = false;
  }
  // Servers repeat the same few patterns across tools; the answer never changes. Bounded: a server
  // cannot grow it without end.
  if (compiledPatterns.size >= MAX_KNOWN_PATTERNS) compiledPatterns.clear();
  compiledPatterns.set(pattern, ok);
  return ok;
}

const MAX_KNOWN_PATTERNS = 1000;
const compiledPatterns = new Map<string, boolean>();

/**
 * Bounds, 2020-12 style. Draft-4 `exclusiveMinimum: true` (a boolean beside `minimum`) is rejected by
 * Anthropic's 2020-12 validation (Dokploy/mcp #74): it becomes a numeric
 * `exclusiveMinimum` equal to `minimum`; `false` just means `minimum` is inclusive.
 */
export function numberKeywords(raw: JsonObject, out: NfSchema): void {
  if (isFiniteNumber(raw.minimum)) out.minimum = raw.minimum;
  if (isFiniteNumber(raw.maximum)) out.maximum = raw.maximum;
  if (isFiniteNumber(raw.exclusiveMinimum)) out.exclusiveMinimum = raw.exclusiveMinimum;
  if (isFiniteNumber(raw.exclusiveMaximum)) out.exclusiveMaximum = raw.exclusiveMaximum;
  if (raw.exclusiveMinimum === true && out.minimum !== undefined) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (raw.exclusiveMaximum === true && out.maximum !== undefined) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  if (isFiniteNumber(raw.multipleOf) && raw.multipleOf > 0) out.multipleOf = raw.multipleOf;
  if (typeof raw.format === 'string' && raw.format) out.format = raw.format;
}

export function arrayBounds(raw: JsonObject, out: NfSchema): void {
  if (isCount(raw.minItems)) out.minItems = raw.minItems;
  if (isCount(raw.maxItems)) out.maxItems = raw.maxItems;
  if (typeof raw.uniqueItems === 'boolean') out.uniqueItems = raw.uniqueItems;
}

/**
 * `properties` as a record of sub-schemas; PHP servers send `[]` for "none" (`[] is not of type
 * 'object'`), so anything that is not an object counts as none.
 */
export function rawProperties(raw: JsonObject): Record<string, unknown> {
  const out = nullRecord<unknown>();
  if (isPlainObject(raw.properties)) for (const [k, v] of Object.entries(raw.properties)) out[k] = v;
  return out;
}

/** `required` as unique strings naming existing properties (`required: null` and strays removed). */
export function filterRequired(raw: JsonObject, properties: Record<string, unknown>): string[] {
  if (!Array.isArray(raw.required)) return [];
  // One pass, first occurrence kept (as a Set would); lists are short, so includes() beats a Set.
  const names: string[] = [];
  for (const r of raw.required) if (typeof r === 'string' && Object.hasOwn(properties, r) && !names.includes(r)) names.push(r);
  return names;
}

export function annotationsOf(raw: JsonObject): NfSchema {
  const out: NfSchema = {};
  if (typeof raw.description === 'string' && raw.description) out.description = raw.description;
  if (typeof raw.title === 'string' && raw.title) out.title = raw.title;
  if (Object.hasOwn(raw, 'default') && raw.default !== undefined) out.default = raw.default;
  return out;
}
