import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assignToolNames } from '../../app/main/tools/naming';

const sha6 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);
const names = (...ids: string[]) => assignToolNames(ids.map((id) => ({ id, serverId: `s-${id}` })));
const SAFE = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

describe('assignToolNames', () => {
  it.each([
    ['mcp__files__read_file', 'mcp__files__read_file'],
    ['mcp__my server__read-file', 'mcp__my_server__read_file'],
    ['mcp__a.b:c__x', 'mcp__a_b_c__x'],
    ['builtin__now', 'builtin__now'],
    ['1password__get', 't_1password__get'],
    ['__x__y', 't___x__y'],
  ])('%s → %s', (id, expected) => {
    expect(names(id)).toEqual([expected]);
  });

  it('cuts long names to 63 characters with the sha256 of the raw id', () => {
    const id = `mcp__${'server'.repeat(8)}__${'tool'.repeat(10)}`;
    const [name] = names(id);
    expect(name).toHaveLength(63);
    expect(name!.endsWith(`_${sha6(id)}`)).toBe(true);
    expect(name!.startsWith('mcp__serverserver')).toBe(true);
  });

  it('keeps non-ASCII tool names apart (検索 and поиск do not collapse into one)', () => {
    const [ja, ru, zh] = names('mcp__intl__検索', 'mcp__intl__поиск', 'mcp__intl__搜索');
    expect(new Set([ja, ru, zh]).size).toBe(3);
    expect(ja).toBe(`mcp__intl_${sha6('mcp__intl__検索')}`);
    expect(ru).toBe(`mcp__intl_${sha6('mcp__intl__поиск')}`);
  });

  it('hashes every member of a collision and leaves the others readable', () => {
    const [dash, under, other] = names('mcp__a__b-c', 'mcp__a__b_c', 'mcp__a__d');
    expect(dash).toBe(`mcp__a__b_c_${sha6('mcp__a__b-c')}`);
    expect(under).toBe(`mcp__a__b_c_${sha6('mcp__a__b_c')}`);
    expect(other).toBe('mcp__a__d');
  });

  it('tells apart two servers with the same name (same raw id) by their server ids', () => {
    const out = assignToolNames([
      { id: 'mcp__fs__read', serverId: 'one' },
      { id: 'mcp__fs__read', serverId: 'two' },
    ]);
    expect(out[0]).not.toBe(out[1]);
    expect(out[0]).toBe(`mcp__fs__read_${sha6('mcp__fs__read\u0000one')}`);
  });

  it('lengthens a hash that would equal another tool’s plain name', () => {
    const clash = `mcp__a__b_c_${sha6('mcp__a__b-c')}`;
    const out = names('mcp__a__b-c', 'mcp__a__b_c', clash);
    expect(new Set(out).size).toBe(3);
    expect(out[2]).toBe(clash);
  });

  it('is deterministic: the same names whatever the order (same across restarts)', () => {
    const ids = ['mcp__a__b-c', 'mcp__a__b_c', 'mcp__intl__検索', 'mcp__intl__поиск', 'mcp__x__y', `mcp__${'s'.repeat(70)}__t`];
    const forward = new Map(ids.map((id, i) => [id, names(...ids)[i]]));
    const reversed = [...ids].reverse();
    const backward = new Map(reversed.map((id, i) => [id, names(...reversed)[i]]));
    expect(backward).toEqual(forward);
  });

  it('always yields unique names matching [A-Za-z][A-Za-z0-9_]{0,62} (500 random ids)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = ['a', 'b', '_', '-', ' ', '.', '1', '検', 'п', '😀', 'Z'];
    const word = (n: number) => Array.from({ length: 1 + Math.floor(random() * n) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const ids = Array.from({ length: 500 }, () => `mcp__${word(6)}__${word(i80())}`);
    function i80() {
      return random() < 0.1 ? 80 : 5;
    }
    const out = assignToolNames(ids.map((id, i) => ({ id, serverId: String(i % 7) })));
    for (const name of out) expect(name).toMatch(SAFE);
    expect(new Set(out).size).toBe(out.length);
  });
});
