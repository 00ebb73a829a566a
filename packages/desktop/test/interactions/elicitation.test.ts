import { describe, expect, it } from 'vitest';
import { elicitDefaults, matchesFormat, parseElicitSchema, validateElicitAnswer, type ElicitField } from '../../app/shared/contracts/elicitation';

/** Every property kind of the specification's restricted schema, as a 2025-11-25 server sends it. */
const FULL_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 10, default: 'Ada' },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    birthday: { type: 'string', format: 'date' },
    meeting: { type: 'string', format: 'date-time' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    score: { type: 'number', minimum: 0.5, default: 1.5 },
    subscribe: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['red', 'green'] },
    legacy: { type: 'string', enum: ['s', 'm'], enumNames: ['Small', 'Medium'] },
    size: { type: 'string', oneOf: [{ const: 'l', title: 'Large' }, { const: 'xl', title: 'Extra large' }], default: 'l' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2, default: ['a'] },
    pets: { type: 'array', items: { anyOf: [{ const: 'cat', title: 'Cat' }, { const: 'dog', title: 'Dog' }] } },
  },
  required: ['name', 'email', 'age'],
};

function fields(schema: unknown = FULL_SCHEMA): ElicitField[] {
  const result = parseElicitSchema(schema);
  if (!result.ok) throw new Error(result.problem);
  return result.fields;
}

describe('parseElicitSchema', () => {
  it('reads every kind of the restricted schema, in order, with titles, defaults and required marks', () => {
    const parsed = fields();
    expect(parsed.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['name', 'text', true],
      ['email', 'text', true],
      ['site', 'text', false],
      ['birthday', 'text', false],
      ['meeting', 'text', false],
      ['age', 'number', true],
      ['score', 'number', false],
      ['subscribe', 'boolean', false],
      ['color', 'choice', false],
      ['legacy', 'choice', false],
      ['size', 'choice', false],
      ['tags', 'multi', false],
      ['pets', 'multi', false],
    ]);
    expect(parsed[0]).toMatchObject({ title: 'Name', minLength: 2, maxLength: 10, default: 'Ada' });
    expect(parsed[1]).toMatchObject({ format: 'email' });
    expect(parsed[5]).toMatchObject({ integer: true, minimum: 0, maximum: 150 });
    expect(parsed[9]).toMatchObject({ options: [{ value: 's', title: 'Small' }, { value: 'm', title: 'Medium' }] });
    expect(parsed[10]).toMatchObject({ options: [{ value: 'l', title: 'Large' }, { value: 'xl', title: 'Extra large' }], default: 'l' });
    expect(parsed[12]).toMatchObject({ options: [{ value: 'cat', title: 'Cat' }, { value: 'dog', title: 'Dog' }] });
    expect(elicitDefaults(parsed)).toEqual({ name: 'Ada', score: 1.5, subscribe: true, size: 'l', tags: ['a'] });
  });

  it('accepts an empty form (a confirmation) and a schema without required', () => {
    expect(fields({ type: 'object', properties: {} })).toEqual([]);
    expect(fields({ type: 'object' })).toEqual([]);
  });

  it.each([
    ['not an object schema', { type: 'array' }, 'type'],
    ['a nested object', { type: 'object', properties: { a: { type: 'object', properties: {} } } }, 'unsupported type'],
    ['an unknown format', { type: 'object', properties: { a: { type: 'string', format: 'ipv4' } } }, 'unsupported format'],
    ['required naming no property', { type: 'object', properties: {}, required: ['x'] }, '"x"'],
    ['an array of free strings', { type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } }, 'multi-select'],
    ['an enum default not among its values', { type: 'object', properties: { a: { type: 'string', enum: ['x'], default: 'y' } } }, 'default'],
    ['a wrongly typed default', { type: 'object', properties: { a: { type: 'boolean', default: 'yes' } } }, 'default'],
    ['an empty enum', { type: 'object', properties: { a: { type: 'string', enum: [] } } }, 'no options'],
    ['a duplicate option', { type: 'object', properties: { a: { type: 'string', enum: ['x', 'x'] } } }, 'twice'],
    ['min above max', { type: 'object', properties: { a: { type: 'number', minimum: 5, maximum: 1 } } }, 'minimum'],
  ])('refuses %s, saying what is wrong', (_label, schema, words) => {
    const result = parseElicitSchema(schema);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(words);
  });
});

describe('validateElicitAnswer', () => {
  const good = { name: 'Grace', email: 'grace@example.com', age: 85 };

  it('passes valid values through, leaving absent and empty optional fields out', () => {
    expect(validateElicitAnswer(fields(), { ...good, site: '', tags: ['a', 'b'], subscribe: false, size: 'xl' })).toEqual({
      ok: true,
      content: { ...good, tags: ['a', 'b'], subscribe: false, size: 'xl' },
    });
  });

  it('names each field that is wrong with a translatable code', () => {
    const result = validateElicitAnswer(fields(), {
      name: 'G',
      email: 'not-an-email',
      age: 1.5,
      score: 0.1,
      color: 'blue',
      tags: ['a', 'b', 'c'],
      site: 'no scheme',
      birthday: '2024-02-30',
      meeting: '2024-01-01 10:00',
      subscribe: 'yes',
      extra: 1,
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'extra', code: 'unknownField' },
        { field: 'name', code: 'tooShort', params: { min: 2 } },
        { field: 'email', code: 'wrongFormat', params: { format: 'email' } },
        { field: 'site', code: 'wrongFormat', params: { format: 'uri' } },
        { field: 'birthday', code: 'wrongFormat', params: { format: 'date' } },
        { field: 'meeting', code: 'wrongFormat', params: { format: 'date-time' } },
        { field: 'age', code: 'integer' },
        { field: 'score', code: 'outOfRange', params: { comparison: '>=', limit: 0.5 } },
        { field: 'subscribe', code: 'wrongType', params: { type: 'boolean' } },
        { field: 'color', code: 'notAllowed', params: { values: 'red, green' } },
        { field: 'tags', code: 'tooManyItems', params: { max: 2 } },
      ],
    });
  });

  it('asks for required fields', () => {
    expect(validateElicitAnswer(fields(), { name: '' })).toEqual({
      ok: false,
      errors: [
        { field: 'name', code: 'required' },
        { field: 'email', code: 'required' },
        { field: 'age', code: 'required' },
      ],
    });
  });

  it('checks string length in characters, not UTF-16 units', () => {
    expect(validateElicitAnswer(fields(), { ...good, name: '😀😀' }).ok).toBe(true);
  });

  it('knows the four formats', () => {
    expect(matchesFormat('email', 'a@b.co')).toBe(true);
    expect(matchesFormat('uri', 'https://example.com/x')).toBe(true);
    expect(matchesFormat('date', '2024-02-29')).toBe(true);
    expect(matchesFormat('date', '2023-02-29')).toBe(false);
    expect(matchesFormat('date-time', '2024-02-29T10:00:00Z')).toBe(true);
    expect(matchesFormat('date-time', '2024-02-29T10:00:00+09:00')).toBe(true);
  });
});
