import { describe, expect, it } from 'vitest';
import { parsePartialJson } from '../../app/main/engine/partialJson';

describe('parsePartialJson', () => {
  it('reads every prefix of a real argument object without throwing, ending at the whole value', () => {
    const args = { message: 'hello "quoted" ✓ \\ \n', nested: { n: [1, 2.5, -3e2], ok: true, none: null }, emoji: '😀' };
    const text = JSON.stringify(args);
    let last: unknown;
    for (let i = 0; i <= text.length; i += 1) {
      const value = parsePartialJson(text.slice(0, i));
      if (i > 0) expect(value).toBeTypeOf('object');
      last = value;
    }
    expect(last).toEqual(args);
  });

  it('closes an open string value and the open containers', () => {
    expect(parsePartialJson('{"message":"hel')).toEqual({ message: 'hel' });
    expect(parsePartialJson('{"a":{"b":[1,2')).toEqual({ a: { b: [1, 2] } });
    expect(parsePartialJson('{"a":{"b":[1,2,')).toEqual({ a: { b: [1, 2] } });
    expect(parsePartialJson('{"a":["x","y')).toEqual({ a: ['x', 'y'] });
  });

  it('drops what cannot be completed: half keys, dangling colons, cut literals and numbers', () => {
    expect(parsePartialJson('{"mess')).toEqual({});
    expect(parsePartialJson('{"message"')).toEqual({});
    expect(parsePartialJson('{"message":')).toEqual({});
    expect(parsePartialJson('{"a":1,"b":tru')).toEqual({ a: 1 });
    expect(parsePartialJson('{"a":1,"b":-')).toEqual({ a: 1 });
    expect(parsePartialJson('{"a":1,"b":1.')).toEqual({ a: 1 });
    expect(parsePartialJson('{"a":12')).toEqual({ a: 12 });
  });

  it('drops an escape cut in half instead of failing', () => {
    expect(parsePartialJson('{"m":"ab\\')).toEqual({ m: 'ab' });
    expect(parsePartialJson('{"m":"ab\\u00')).toEqual({ m: 'ab' });
    expect(parsePartialJson('{"m":"ab\\u00e9')).toEqual({ m: 'abé' });
    // A surrogate pair cut after its high half: the lone half is not shown.
    expect(parsePartialJson('{"m":"ab\\ud83d')).toEqual({ m: 'ab' });
    expect(parsePartialJson('{"m":"ab\\ud83d\\ude0')).toEqual({ m: 'ab' });
    expect(parsePartialJson('{"m":"ab\\ud83d\\ude00')).toEqual({ m: 'ab😀' });
    // An escaped backslash followed by a literal "u1" is text, not a cut escape.
    expect(parsePartialJson('{"m":"a\\\\u1')).toEqual({ m: 'a\\u1' });
    expect(parsePartialJson('{"m":"a\\\\')).toEqual({ m: 'a\\' });
  });

  it('returns undefined for nothing, non-objects and garbage', () => {
    expect(parsePartialJson('')).toBeUndefined();
    expect(parsePartialJson('   ')).toBeUndefined();
    expect(parsePartialJson('[1,2')).toBeUndefined();
    expect(parsePartialJson('"abc')).toBeUndefined();
    expect(parsePartialJson('}}}]]]')).toBeUndefined();
    expect(parsePartialJson('{"a":1}} trailing')).toBeUndefined();
    expect(parsePartialJson('nul')).toBeUndefined();
  });

  it('survives deep nesting and huge input in linear time', () => {
    const deep = `{"a":${'['.repeat(100_000)}`;
    const started = performance.now();
    const value = parsePartialJson(deep);
    expect(value === undefined || typeof value === 'object').toBe(true);
    const huge = `{"text":"${'x'.repeat(5_000_000)}`;
    const big = parsePartialJson(huge);
    expect(typeof big?.text === 'string' ? big.text.length : -1).toBe(5_000_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
