/**
 * Which keywords a raw schema node has, found in one pass over its own keys, as bits.
 *
 * Server schemas come in hundreds of object shapes, so every `raw.keyword` lookup in normalize is
 * megamorphic, and a lookup of a keyword the node lacks (most of the twenty-odd it asks about) is the
 * slowest kind: it walks to Object.prototype. One pass over the two to five keys a node really has
 * is several times cheaper; normalize then looks up only the keywords whose bit is set. A bit means
 * "this key is an own enumerable property", what Object.hasOwn answered before (JSON has no others).
 */
export const Kw = {
  ref: 1 << 0,
  allOf: 1 << 1,
  anyOf: 1 << 2,
  oneOf: 1 << 3,
  type: 1 << 4,
  enum: 1 << 5,
  const: 1 << 6,
  nullable: 1 << 7,
  description: 1 << 8,
  title: 1 << 9,
  default: 1 << 10,
  properties: 1 << 11,
  required: 1 << 12,
  additionalProperties: 1 << 13,
  /** patternProperties, minProperties, maxProperties, propertyNames: only tell a typeless node is an object. */
  objectHint: 1 << 14,
  items: 1 << 15,
  prefixItems: 1 << 16,
  minItems: 1 << 17,
  maxItems: 1 << 18,
  uniqueItems: 1 << 19,
  /** contains: only tells a typeless node is an array. */
  arrayHint: 1 << 20,
  minLength: 1 << 21,
  maxLength: 1 << 22,
  pattern: 1 << 23,
  format: 1 << 24,
  minimum: 1 << 25,
  maximum: 1 << 26,
  exclusiveMinimum: 1 << 27,
  exclusiveMaximum: 1 << 28,
  multipleOf: 1 << 29,
} as const;

/** The keywords that make a typeless node an object, an array, a string or a number (keywords.ts inferType). */
export const OBJECT_KEYWORDS = Kw.properties | Kw.required | Kw.additionalProperties | Kw.objectHint;
export const ARRAY_KEYWORDS = Kw.items | Kw.prefixItems | Kw.minItems | Kw.maxItems | Kw.uniqueItems | Kw.arrayHint;
export const STRING_KEYWORDS = Kw.minLength | Kw.maxLength | Kw.pattern | Kw.format;
export const NUMBER_KEYWORDS = Kw.minimum | Kw.maximum | Kw.exclusiveMinimum | Kw.exclusiveMaximum | Kw.multipleOf;

const BITS = new Map<string, number>([
  ['$ref', Kw.ref],
  ['allOf', Kw.allOf],
  ['anyOf', Kw.anyOf],
  ['oneOf', Kw.oneOf],
  ['type', Kw.type],
  ['enum', Kw.enum],
  ['const', Kw.const],
  ['nullable', Kw.nullable],
  ['description', Kw.description],
  ['title', Kw.title],
  ['default', Kw.default],
  ['properties', Kw.properties],
  ['required', Kw.required],
  ['additionalProperties', Kw.additionalProperties],
  ['patternProperties', Kw.objectHint],
  ['minProperties', Kw.objectHint],
  ['maxProperties', Kw.objectHint],
  ['propertyNames', Kw.objectHint],
  ['items', Kw.items],
  ['prefixItems', Kw.prefixItems],
  ['minItems', Kw.minItems],
  ['maxItems', Kw.maxItems],
  ['uniqueItems', Kw.uniqueItems],
  ['contains', Kw.arrayHint],
  ['minLength', Kw.minLength],
  ['maxLength', Kw.maxLength],
  ['pattern', Kw.pattern],
  ['format', Kw.format],
  ['minimum', Kw.minimum],
  ['maximum', Kw.maximum],
  ['exclusiveMinimum', Kw.exclusiveMinimum],
  ['exclusiveMaximum', Kw.exclusiveMaximum],
  ['multipleOf', Kw.multipleOf],
]);

/**
 * The bits of the keywords `node` has as own properties: a server's raw schema node, or a node of the
 * normal form (nf.ts uses the same keyword names), whose shapes vary as much.
 */
export function keywordsOf(node: object): number {
  let present = 0;
  const keys = Object.keys(node);
  for (let i = 0; i < keys.length; i += 1) present |= BITS.get(keys[i]!) ?? 0;
  return present;
}

/** Each keyword with its bit, for a list of keywords copied only when a node has them. */
export function withBits<K extends string>(keys: readonly K[]): ReadonlyArray<readonly [K, number]> {
  return keys.map((key) => {
    const bit = BITS.get(key);
    if (bit === undefined) throw new Error(`no keyword bit for ${key}`);
    return [key, bit] as const;
  });
}
