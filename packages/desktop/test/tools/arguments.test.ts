import { describe, expect, it } from 'vitest';
import { mapArgumentsBack } from '../../app/main/tools/arguments';
import { convert } from './helpers';

const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties });

const schema = obj({
  'files[0]': { type: 'string' },
  'a b': obj({ 'x y': { type: 'integer', enum: [1, 2] }, ok: { type: 'string' } }),
  list: { type: 'array', items: obj({ '@id': { type: 'string' } }) },
  meta: { type: 'object', additionalProperties: { type: 'string' } },
  choice: { anyOf: [obj({ 'k k': { type: 'string' } }), { type: 'integer', enum: [7, 8] }] },
  検索: { type: 'string' },
});

/** The provider-facing key of each original key, read from the converted schema by position. */
function keysOf(params: Record<string, any>): string[] {
  return Object.keys(params.properties);
}

describe('mapArgumentsBack', () => {
  it('renames Anthropic keys back, recursively through objects, arrays and unions', () => {
    const { params, entry } = convert(schema, 'anthropic');
    const [files, ab, list, meta, choice, kensaku] = keysOf(params!);
    const xy = Object.keys(params!.properties[ab!].properties)[0]!;
    const id = Object.keys(params!.properties[list!].items.properties)[0]!;
    const kk = Object.keys(params!.properties[choice!].anyOf[0].properties)[0]!;
    const fromModel = { [files!]: 'a.txt', [ab!]: { [xy]: 2, ok: 'yes' }, [list!]: [{ [id]: 'x' }, { [id]: 'y' }], [meta!]: { k: 'v' }, [choice!]: { [kk]: 'z' }, [kensaku!]: 'q' };
    expect(mapArgumentsBack(entry, fromModel)).toEqual({ 'files[0]': 'a.txt', 'a b': { 'x y': 2, ok: 'yes' }, list: [{ '@id': 'x' }, { '@id': 'y' }], meta: { k: 'v' }, choice: { 'k k': 'z' }, 検索: 'q' });
  });

  it('turns Gemini string enums back into numbers and JSON text back into values', () => {
    const { params, entry } = convert(schema, 'google');
    const [files, ab, list, meta, choice] = keysOf(params!);
    const xy = Object.keys(params!.properties[ab!].properties)[0]!;
    expect(params!.properties[ab!].properties[xy].enum).toEqual(['1', '2']);
    expect(params!.properties[meta!].type).toBe('string');
    const fromModel = { [files!]: 'a', [ab!]: { [xy]: '2' }, [list!]: [], [meta!]: '{"k":"v"}', [choice!]: '8' };
    expect(mapArgumentsBack(entry, fromModel)).toEqual({ 'files[0]': 'a', 'a b': { 'x y': 2 }, list: [], meta: { k: 'v' }, choice: 8 });
  });

  it('leaves OpenAI arguments as they are (keys unchanged there)', () => {
    const { entry } = convert(schema, 'openai');
    expect(entry.argKeyMap).toBeUndefined();
    const args = { 'files[0]': 'a', 'a b': { 'x y': 1 } };
    expect(mapArgumentsBack(entry, args)).toBe(args);
  });

  it('passes unknown keys, non-JSON text and unmapped enum strings through unchanged, without mutating the input', () => {
    const { params, entry } = convert(schema, 'google');
    const [, ab, , meta] = keysOf(params!);
    const xy = Object.keys(params!.properties[ab!].properties)[0]!;
    const fromModel = { extra: 1, [meta!]: 'not json', [ab!]: { [xy]: 'nine' } };
    const copy = structuredClone(fromModel);
    expect(mapArgumentsBack(entry, fromModel)).toEqual({ extra: 1, meta: 'not json', 'a b': { 'x y': 'nine' } });
    expect(fromModel).toEqual(copy);
  });

  it('treats missing arguments as {} and keeps a key named __proto__ a key', () => {
    const { entry } = convert(obj({ 'a-b c': { type: 'string' } }), 'anthropic');
    expect(mapArgumentsBack(entry, undefined)).toEqual({});
    const out = mapArgumentsBack(entry, JSON.parse('{"__proto__": {"polluted": true}, "a-b_c": "v"}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a-b c']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
