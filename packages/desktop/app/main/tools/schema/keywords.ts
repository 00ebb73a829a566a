import type { EnumLiteral, JsonObject } from '../types';
import type { NfSchema, NfType } from './nf';
import { ARRAY_KEYWORDS, Kw, NUMBER_KEYWORDS, OBJECT_KEYWORDS, STRING_KEYWORDS } from './present';

/**
 * Per-type keyword extraction for the normal form (nf.ts): only the keywords that belong to the
 * node's type are kept, so `properties`/`required` never sit on a non-object (Gemini: "only allowed for
 * OBJECT type") and string keywords never sit on numbers.
 */

/** The type a typeless schema evidently means (opencode #13150), if any, from its keywords' bits. */
export function inferType(present: number): NfType | undefined {
  if (present & OBJECT_KEYWORDS) return 'object';
  if (present & ARRAY_KEYWORDS) return 'array';
  if (present & STRING_KEYWORDS) return 'string';
  if (present & NUMBER_KEYWORDS) return 'number';
  return undefined;
}

/** What enumValues answers for the many nodes with neither `enum` nor `const` (read-only, shared). */
export const NO_ENUM: { values?: EnumLiteral[]; hasNull: boolean } = Object.freeze({ hasNull: false });

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

/** Each keyword is looked up only when `present` (present.ts) says the node has it. */
export function stringKeywords(raw: JsonObject, present: number, out: NfSchema): void {
  if (present & Kw.minLength && isCount(raw.minLength)) out.minLength = raw.minLength;
  if (present & Kw.maxLength && isCount(raw.maxLength)) out.maxLength = raw.maxLength;
  if (present & Kw.pattern && typeof raw.pattern === 'string' && compiles(raw.pattern)) out.pattern = raw.pattern;
  if (present & Kw.format && typeof raw.format === 'string' && raw.format) out.format = raw.format;
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
export function numberKeywords(raw: JsonObject, present: number, out: NfSchema): void {
  if (present & Kw.minimum && isFiniteNumber(raw.minimum)) out.minimum = raw.minimum;
  if (present & Kw.maximum && isFiniteNumber(raw.maximum)) out.maximum = raw.maximum;
  const exclusiveMinimum = present & Kw.exclusiveMinimum ? raw.exclusiveMinimum : undefined;
  const exclusiveMaximum = present & Kw.exclusiveMaximum ? raw.exclusiveMaximum : undefined;
  if (isFiniteNumber(exclusiveMinimum)) out.exclusiveMinimum = exclusiveMinimum;
  if (isFiniteNumber(exclusiveMaximum)) out.exclusiveMaximum = exclusiveMaximum;
  if (exclusiveMinimum === true && out.minimum !== undefined) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (exclusiveMaximum === true && out.maximum !== undefined) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  if (present & Kw.multipleOf && isFiniteNumber(raw.multipleOf) && raw.multipleOf > 0) out.multipleOf = raw.multipleOf;
  if (present & Kw.format && typeof raw.format === 'string' && raw.format) out.format = raw.format;
}

export function arrayBounds(raw: JsonObject, present: number, out: NfSchema): void {
  if (present & Kw.minItems && isCount(raw.minItems)) out.minItems = raw.minItems;
  if (present & Kw.maxItems && isCount(raw.maxItems)) out.maxItems = raw.maxItems;
  if (present & Kw.uniqueItems && typeof raw.uniqueItems === 'boolean') out.uniqueItems = raw.uniqueItems;
}

/** `required` as unique strings naming existing properties (`required: null` and strays removed). */
export function filterRequired(raw: JsonObject, properties: Record<string, unknown>): string[] {
  if (!Array.isArray(raw.required)) return [];
  // One pass, first occurrence kept (as a Set would); lists are short, so includes() beats a Set.
  const names: string[] = [];
  for (const r of raw.required) if (typeof r === 'string' && Object.hasOwn(properties, r) && !names.includes(r)) names.push(r);
  return names;
}

/** A node's description, title and default, onto `out` (a new node by default). */
export function annotationsOf(raw: JsonObject, present: number, out: NfSchema = {}): NfSchema {
  if (present & Kw.description && typeof raw.description === 'string' && raw.description) out.description = raw.description;
  if (present & Kw.title && typeof raw.title === 'string' && raw.title) out.title = raw.title;
  if (present & Kw.default && raw.default !== undefined) out.default = raw.default;
  return out;
}
