import { describe, expect, it } from 'vitest';
import { Kw, keywordsOf } from '../../app/main/tools/schema/present';
import { anthropic, gemini, openai, prop } from './helpers';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const one = (schema: unknown) => obj({ p: schema });

describe('normal form, every provider', () => {
  it('strips $schema and inlines $ref/$defs (incl. allOf-wrapped refs and other local pointers)', () => {
    const input = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...obj({ from: { $ref: '#/$defs/P' }, to: { allOf: [{ $ref: '#/$defs/P' }], description: 'End' }, copy: { $ref: '#/properties/from' } }),
      $defs: { P: obj({ x: { type: 'number' } }, { required: ['x'] }) },
    };
    for (const out of [openai(input), anthropic(input)]) {
      expect(out).not.toHaveProperty('$schema');
      expect(out).not.toHaveProperty('$defs');
      expect(out.properties.from).toEqual({ type: 'object', properties: { x: { type: 'number' } }, required: ['x'] });
      expect(out.properties.to).toEqual({ description: 'End', type: 'object', properties: { x: { type: 'number' } }, required: ['x'] });
      expect(out.properties.copy).toEqual(out.properties.from);
    }
    expect(prop(gemini(input), 'to')).toEqual({ description: 'End', type: 'object', properties: { x: { type: 'number' } }, required: ['x'] });
  });

  it('cuts recursion at the repeated $ref into an "any value" node', () => {
    const input = { ...obj({ root: { $ref: '#/$defs/N' } }), $defs: { N: obj({ label: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/N', description: 'child' } } }) } };
    const kids = openai(input).properties.root.properties.kids;
    expect(kids).toEqual({ type: 'array', items: { description: 'child' } });
    expect(prop(gemini(input), 'root').properties.kids.items).toEqual({ description: 'child (any JSON value, written as JSON text)', type: 'string' });
  });

  it('finds a $ref in every schema position the normal form reads, and inlines it', () => {
    const S = { $ref: '#/$defs/S' };
    const defs = { $defs: { S: { type: 'string', minLength: 2 } } };
    const positions: Record<string, unknown> = {
      property: S,
      'array items': { type: 'array', items: S },
      'tuple items': { type: 'array', prefixItems: [S, S] },
      additionalProperties: { type: 'object', properties: {}, additionalProperties: S },
      'anyOf branch': { anyOf: [S, { type: 'integer' }] },
      'oneOf branch': { oneOf: [{ type: 'integer' }, S] },
      'allOf part': { allOf: [S, { description: 'merged' }] },
      'deep property': obj({ a: obj({ b: obj({ c: S }) }) }),
    };
    for (const [where, schema] of Object.entries(positions)) {
      const text = JSON.stringify([openai({ ...one(schema), ...defs }), anthropic({ ...one(schema), ...defs }), gemini({ ...one(schema), ...defs })]);
      expect(text, where).not.toContain('$ref');
      expect(text, where).not.toContain('$defs');
      expect(text, where).toContain('"minLength":2');
    }
  });

  it('ignores a $ref under a keyword the normal form drops: the output is that of the schema without it', () => {
    const plain = obj({ q: { type: 'string' } }, { required: ['q'] });
    const withRef = { ...plain, not: { $ref: '#/$defs/X' }, if: { $ref: '#/$defs/X' }, $defs: { X: obj({ q: { const: 'no' } }) } };
    expect(openai(withRef)).toEqual(openai(plain));
    expect(anthropic(withRef)).toEqual(anthropic(plain));
    expect(gemini(withRef)).toEqual(gemini(plain));
  });

  it('reads only a node\'s own keywords: one inherited from its prototype is not there', () => {
    const inherited = Object.assign(Object.create({ type: 'integer', minimum: 5 }) as Record<string, unknown>, { description: 'own' });
    expect(keywordsOf(inherited)).toBe(Kw.description);
    expect(keywordsOf({ type: 'string', pattern: 'x', 'x-vendor': 1 })).toBe(Kw.type | Kw.pattern);
  });

  it('resolves a root $ref and merges root unions and allOf into one object', () => {
    expect(openai({ $ref: '#/$defs/A', $defs: { A: obj({ q: { type: 'string' } }, { required: ['q'] }) } })).toEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    const union = { anyOf: [obj({ id: { type: 'integer' }, dry: { type: 'boolean' } }, { required: ['id', 'dry'] }), obj({ name: { type: 'string' }, dry: { type: 'boolean' } }, { required: ['name', 'dry'] })] };
    expect(anthropic(union)).toEqual({ type: 'object', properties: { id: { type: 'integer' }, dry: { type: 'boolean' }, name: { type: 'string' } }, required: ['dry'] });
    const allOf = { allOf: [obj({ a: { type: 'string' } }, { required: ['a'] }), { properties: { b: { type: 'integer' } }, required: ['b'] }] };
    expect(openai(allOf)).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a', 'b'] });
  });

  it('wraps a typeless or empty root as an object with properties and required', () => {
    expect(openai({})).toEqual({ type: 'object', properties: {}, required: [] });
    expect(anthropic({ properties: { q: { type: 'string' } }, required: ['q'] })).toEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    expect(gemini({ type: 'object' })).toBeUndefined();
  });

  it('repairs objects: properties [] → {}, required null or naming no property removed, properties on strings dropped', () => {
    const out = openai(obj({ inner: { type: 'object', properties: [], required: null }, x: { type: 'string', properties: { a: {} }, items: {} } }, { required: ['x', 'ghost'] }));
    expect(out).toEqual({ type: 'object', properties: { inner: { type: 'object', properties: {} }, x: { type: 'string' } }, required: ['x'] });
  });

  it('turns boolean sub-schemas into "any" or removes properties that accept nothing', () => {
    const out = openai(obj({ free: true, never: false, list: { type: 'array', items: true } }, { required: ['never', 'free'] }));
    expect(out).toEqual({ type: 'object', properties: { free: {}, list: { type: 'array', items: {} } }, required: ['free'] });
  });

  it('gives arrays items: missing → any, tuples → the union of their element schemas', () => {
    expect(prop(openai(one({ type: 'array' })), 'p')).toEqual({ type: 'array', items: {} });
    expect(prop(openai(one({ type: 'array', items: [{ type: 'string' }, { type: 'number' }] })), 'p')).toEqual({ type: 'array', items: { type: ['string', 'number'] } });
    expect(prop(anthropic(one({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] })), 'p')).toEqual({ type: 'array', items: { type: 'number' } });
    expect(prop(openai(one({ type: ['string', 'array'] })), 'p')).toEqual({ anyOf: [{ type: 'string' }, { type: 'array', items: {} }] });
  });

  it('converts draft-4 boolean bounds to 2020-12 numbers', () => {
    const input = one({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false });
    expect(prop(anthropic(input), 'p')).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 10 });
    expect(prop(gemini(input), 'p')).toEqual({ type: 'number', minimum: 0, maximum: 10 });
  });

  it('reads const as a one-value enum and anyOf of consts as one enum', () => {
    expect(prop(openai(one({ const: 'fast' })), 'p')).toEqual({ type: 'string', enum: ['fast'] });
    expect(prop(gemini(one({ anyOf: [{ const: 'pd' }, { const: 'pw' }] })), 'p')).toEqual({ type: 'string', enum: ['pd', 'pw'] });
  });

  it('drops narrowing keywords some provider rejects and constraint-only unions', () => {
    const input = obj({ tags: { type: 'object', propertyNames: { pattern: '^a' }, patternProperties: { '^a': {} } }, mode: { type: 'string', not: { const: 'x' } } }, { if: {}, then: {}, anyOf: [{ required: ['mode'] }, { required: ['tags'] }] });
    expect(openai(input)).toEqual({ type: 'object', properties: { tags: { type: 'object', properties: {} }, mode: { type: 'string' } }, required: [] });
  });

  it('cuts nesting deeper than the cap into "any value"', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20; i += 1) deep = obj({ n: deep });
    let node = openai(deep);
    let depth = 0;
    while (node.properties?.n) {
      node = node.properties.n;
      depth += 1;
    }
    expect(depth).toBeLessThan(20);
    expect(node).toEqual({});
  });
});

describe('nullable and unions', () => {
  it('anyOf with null → type array for OpenAI/Anthropic, nullable for Gemini', () => {
    const input = one({ anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Limit' });
    expect(prop(openai(input), 'p')).toEqual({ title: 'Limit', default: null, type: ['integer', 'null'] });
    expect(prop(gemini(input), 'p')).toEqual({ title: 'Limit', type: 'integer', nullable: true });
  });

  it('type arrays: ["object","null"] keeps its properties; enum with null lists null for JSON Schema', () => {
    const input = obj({ o: { type: ['object', 'null'], properties: { d: { type: 'boolean' } } }, s: { type: ['string', 'null'], enum: ['on', null] } });
    expect(prop(gemini(input), 'o')).toEqual({ type: 'object', properties: { d: { type: 'boolean' } }, nullable: true });
    expect(prop(gemini(input), 's')).toEqual({ type: 'string', enum: ['on'], nullable: true });
    expect(prop(anthropic(input), 's')).toEqual({ type: ['string', 'null'], enum: ['on', null] });
  });

  it('multi-type arrays become anyOf, each branch keeping only its own keywords; Gemini moves the rest into branches', () => {
    const input = one({ type: ['string', 'number', 'null'], minLength: 2, minimum: 0, description: 'v' });
    expect(prop(openai(input), 'p')).toEqual({ description: 'v', anyOf: [{ type: 'string', minLength: 2 }, { type: 'number', minimum: 0 }, { type: 'null' }] });
    expect(prop(gemini(input), 'p')).toEqual({
      anyOf: [
        { type: 'string', minLength: 2, nullable: true, description: 'v' },
        { type: 'number', minimum: 0, nullable: true, description: 'v' },
      ],
    });
  });

  it('oneOf is read as anyOf, branches inheriting the parent type', () => {
    expect(prop(openai(one({ type: 'string', oneOf: [{ format: 'date' }, { format: 'email' }] })), 'p')).toEqual({ anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'email' }] });
  });
});

describe('Gemini projection', () => {
  it('sends numbers and booleans in enums as strings with format enum', () => {
    expect(prop(gemini(one({ type: 'integer', enum: [1, 2, 4] })), 'p')).toEqual({ type: 'string', format: 'enum', enum: ['1', '2', '4'] });
    expect(prop(gemini(one({ enum: [1, 'two', true] })), 'p')).toEqual({ type: 'string', format: 'enum', enum: ['1', 'two', 'true'] });
    expect(prop(openai(one({ type: 'integer', enum: [1, 2, 4] })), 'p')).toEqual({ type: 'integer', enum: [1, 2, 4] });
  });

  it("keeps only the formats Gemini supports, all of them for the others", () => {
    const input = obj({ url: { type: 'string', format: 'uri' }, at: { type: 'string', format: 'date-time' }, big: { type: 'integer', format: 'int64' }, price: { type: 'number', format: 'decimal' } });
    expect(gemini(input)!.properties).toEqual({ url: { type: 'string' }, at: { type: 'string', format: 'date-time' }, big: { type: 'integer', format: 'int64' }, price: { type: 'number' } });
    expect(prop(openai(input), 'url')).toEqual({ type: 'string', format: 'uri' });
  });

  it('drops additionalProperties and sends free-form objects and "any" values as JSON text', () => {
    const input = obj({ env: { type: 'object', additionalProperties: { type: 'string' } }, v: { type: 'any', description: 'Vars' }, s: obj({ a: { type: 'string' } }, { additionalProperties: false }) });
    const out = gemini(input)!;
    expect(out.properties.env).toEqual({ type: 'string', description: '(a JSON object, written as JSON text)' });
    expect(out.properties.v).toEqual({ type: 'string', description: 'Vars (any JSON value, written as JSON text)' });
    expect(out.properties.s).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(prop(openai(input), 'env')).toEqual({ type: 'object', properties: {}, additionalProperties: { type: 'string' } });
  });

  it('lists the values of an enum holding an empty string in the description instead', () => {
    expect(prop(gemini(one({ type: 'string', enum: ['', 'asc'] })), 'p')).toEqual({ type: 'string', description: 'One of "", "asc"' });
  });

  it('puts nothing beside anyOf (Vertex)', () => {
    const input = one({ description: 'Target', oneOf: [obj({ kind: { const: 'issue' } }), obj({ kind: { const: 'branch' } })] });
    expect(prop(gemini(input), 'p')).toEqual({
      anyOf: [
        { description: 'Target', type: 'object', properties: { kind: { type: 'string', enum: ['issue'] } } },
        { description: 'Target', type: 'object', properties: { kind: { type: 'string', enum: ['branch'] } } },
      ],
    });
  });
});

describe('property keys', () => {
  const input = obj({ 'files[0]': { type: 'string' }, '@type': { type: 'string' }, 'user.name': { type: 'string' }, ok: { type: 'string' }, 'a b': obj({ 'x y': { type: 'string' } }) }, { required: ['files[0]', 'ok'] });

  it('are renamed for Anthropic and Gemini, readable where possible, required renamed along', () => {
    for (const out of [anthropic(input), gemini(input)!]) {
      expect(Object.keys(out.properties)).toEqual(['files_0', 'type', 'user.name', 'ok', 'a_b']);
      expect(Object.keys(out.properties.a_b.properties)).toEqual(['x_y']);
      expect(out.required).toEqual(['files_0', 'ok']);
    }
  });

  it('are left as the server wrote them for OpenAI', () => {
    expect(Object.keys(openai(input).properties)).toEqual(['files[0]', '@type', 'user.name', 'ok', 'a b']);
  });

  it('non-ASCII and over-long keys get distinct hashed names; valid keys win collisions', () => {
    const out = anthropic(obj({ 検索: { type: 'string' }, поиск: { type: 'string' }, ['k'.repeat(80)]: { type: 'string' }, a_b: { type: 'string' }, 'a b': { type: 'string' } }));
    const keys = Object.keys(out.properties);
    expect(new Set(keys).size).toBe(5);
    for (const k of keys) expect(k).toMatch(/^[a-zA-Z0-9_.-]{1,64}$/);
    expect(keys[0]).toMatch(/^k_[0-9a-f]{6}$/);
    expect(keys[2]).toMatch(/^k{57}_[0-9a-f]{6}$/);
    expect(keys[3]).toBe('a_b');
    expect(keys[4]).toMatch(/^a_b_[0-9a-f]{6}$/);
  });

  it('named like keywords stay properties (never deleted by name)', () => {
    const props: Record<string, unknown> = { type: { type: 'string' }, properties: { type: 'string' }, additionalProperties: { type: 'boolean' }, strict: { type: 'boolean' } };
    props.__proto__ = undefined;
    Object.defineProperty(props, '__proto__', { value: { type: 'string' }, enumerable: true });
    const input = obj(props, { required: ['__proto__'] });
    for (const out of [openai(input), anthropic(input), gemini(input)!]) {
      expect(Object.keys(out.properties)).toEqual(['type', 'properties', 'additionalProperties', 'strict', '__proto__']);
      // An own key, not the object's prototype: the record is a plain object (setOwn).
      expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(out.properties, '__proto__')?.value).toMatchObject({ type: 'string' });
      expect(JSON.parse(JSON.stringify(out)).required).toEqual(['__proto__']);
    }
  });

  it('named __proto__ or constructor stay own keys behind a $ref (the inlined copy is built with setOwn)', () => {
    const input = JSON.parse(
      '{"type":"object","properties":{"p":{"$ref":"#/$defs/D"}},"$defs":{"D":{"type":"object","__proto__":{"x":1},' +
        '"properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}},"required":["__proto__"]}}}',
    ) as Record<string, unknown>;
    for (const out of [openai(input), anthropic(input), gemini(input)!]) {
      const inner = (out.properties as Record<string, { properties: Record<string, unknown>; required?: string[] }>).p!;
      expect(Object.keys(inner.properties)).toEqual(['__proto__', 'constructor']);
      expect(Object.getPrototypeOf(inner.properties)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(inner.properties, '__proto__')?.value).toMatchObject({ type: 'string' });
      expect(JSON.parse(JSON.stringify(inner)).required).toEqual(['__proto__']);
      // The node's own `__proto__` key (not a keyword) set no prototype on the way.
      expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
  });
});
