/**
 * Conversions are kept by input schema object (tools/schema/convertedSchemas.ts): converting the same
 * tools again converts nothing, a new schema object is converted anew, and what the cache serves is
 * exactly what a first conversion gives (names, descriptions, drops and warnings included).
 */
import { describe, expect, it } from 'vitest';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import { schemaWork } from '../../app/main/tools/schema/convertedSchemas';
import type { ProviderFormat } from '../../app/main/tools/types';
import { tool } from './helpers';

const FORMATS: ProviderFormat[] = ['openai', 'anthropic', 'google'];

function counted<T>(run: () => T): { result: T; normalized: number; converted: number } {
  const before = { ...schemaWork };
  const result = run();
  return { result, normalized: schemaWork.normalized - before.normalized, converted: schemaWork.converted - before.converted };
}

const plainSchema = () => ({ type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['query'] });
const awkwardSchema = () => ({ type: 'object', properties: { 'files[0]': { type: 'string' }, 'my key': { type: 'number' } }, required: ['files[0]'] });

describe('the conversion cache', () => {
  it('converts each schema once per provider, and normalizes it once for all three', () => {
    const tools = [tool('a', plainSchema()), tool('b', plainSchema()), tool('c', awkwardSchema())];
    const first = counted(() => FORMATS.map((format) => formatToolsFor(tools, format)));
    expect(first.normalized).toBe(3);
    // OpenAI reuses Anthropic's schema where no key was renamed (a, b); c needs its own.
    expect(first.converted).toBe(3 /* anthropic */ + 1 /* openai for c */ + 3 /* gemini */);
    const again = counted(() => FORMATS.map((format) => formatToolsFor(tools, format)));
    expect(again).toMatchObject({ normalized: 0, converted: 0 });
    expect(again.result).toEqual(first.result);
  });

  it('gives from cache exactly what a first conversion of an equal schema gives', () => {
    const warm = [tool('a', plainSchema()), tool('c', awkwardSchema())];
    for (const format of FORMATS) formatToolsFor(warm, format);
    for (const format of FORMATS) {
      const cached = counted(() => formatToolsFor(warm, format));
      const fresh = counted(() => formatToolsFor([tool('a', plainSchema()), tool('c', awkwardSchema())], format));
      expect(cached.converted).toBe(0);
      expect(fresh.normalized).toBe(2);
      expect(cached.result).toEqual(fresh.result);
    }
  });

  it('keeps OpenAI keys as the server wrote them and renames them for Anthropic, whichever goes first', () => {
    for (const order of [['openai', 'anthropic'] as const, ['anthropic', 'openai'] as const]) {
      const tools = [tool('c', awkwardSchema())];
      const results = order.map((format) => (format === 'openai' ? formatToolsFor(tools, 'openai') : formatToolsFor(tools, 'anthropic')));
      const openai = formatToolsFor(tools, 'openai');
      const anthropic = formatToolsFor(tools, 'anthropic');
      expect(results).toHaveLength(2);
      expect(Object.keys(openai.tools[0]!.function.parameters.properties as object).sort()).toEqual(['files[0]', 'my key']);
      expect(Object.keys(anthropic.tools[0]!.input_schema.properties as object).every((key) => /^[a-zA-Z0-9_.-]{1,64}$/.test(key))).toBe(true);
      expect([...anthropic.nameMap.values()][0]!.argKeyMap?.keys).toBeDefined();
      expect([...openai.nameMap.values()][0]!.argKeyMap).toBeUndefined();
    }
  });

  it('a changed tool list (new schema objects) is converted again; the unchanged tools are not', () => {
    const kept = tool('kept', plainSchema(), 'one');
    formatToolsFor([kept, tool('old', plainSchema(), 'two')], 'anthropic');
    const next = counted(() => formatToolsFor([kept, tool('old', plainSchema(), 'two'), tool('new', awkwardSchema(), 'two')], 'anthropic'));
    expect(next).toMatchObject({ normalized: 2, converted: 2 });
    expect(next.result.tools.map((t) => t.name)).toEqual(['mcp__one__kept', 'mcp__two__old', 'mcp__two__new']);
  });

  it('a tool whose schema cannot be repaired is left out with its warning on every conversion, not only the first', () => {
    const tools = [tool('ok', plainSchema()), tool('bad', { type: 'string' })];
    const first = formatToolsFor(tools, 'openai');
    const second = counted(() => formatToolsFor(tools, 'openai'));
    expect(second.normalized).toBe(0);
    expect(first.dropped.map((d) => [d.toolName, d.reason])).toEqual([['bad', 'unrepairable-schema']]);
    expect(second.result.dropped).toEqual(first.dropped);
    expect(second.result.warnings).toEqual(first.warnings);
    expect(second.result.warnings).toHaveLength(1);
  });

  it('a new name or description is taken from the tool even when its schema comes from cache', () => {
    const schema = plainSchema();
    formatToolsFor([tool('a', schema)], 'google');
    const renamed = counted(() => formatToolsFor([tool('b', schema, 'srv', { description: 'changed' })], 'google'));
    expect(renamed.converted).toBe(0);
    expect(renamed.result.tools[0]!.functionDeclarations[0]).toMatchObject({ name: 'mcp__srv__b', description: 'changed' });
  });
});
