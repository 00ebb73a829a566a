import { describe, expect, it } from 'vitest';
import { parseList } from '../../app/main/mcp/lenientList';
import { ListReport } from '../../app/main/mcp/listReport';
import { McpLogBuffer } from '../../app/main/mcp/McpLogBuffer';
import { PROMPT_SPEC, RESOURCE_SPEC, TOOL_SPEC, repairObjectSchema } from '../../app/main/mcp/listSpecs';

describe('repairObjectSchema', () => {
  // The last column: whether the repair is noted (a true/false property schema means the same as {} / {"not": {}}).
  it.each<[string, unknown, unknown, boolean]>([
    ['an object schema as is', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, false],
    ['no type', { properties: { a: {} } }, { type: 'object', properties: { a: {} } }, true],
    ['a nullable object', { type: ['object', 'null'] }, { type: 'object' }, true],
    ['another root type', { type: 'string', minLength: 1 }, { type: 'object', minLength: 1 }, true],
    ['a root anyOf', { anyOf: [{ required: ['a'] }, { required: ['b'] }] }, { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] }, true],
    ['boolean property schemas', { type: 'object', properties: { yes: true, no: false } }, { type: 'object', properties: { yes: {}, no: { not: {} } } }, false],
    ['a property schema that is no schema', { type: 'object', properties: { a: 'string' } }, { type: 'object', properties: { a: {} } }, true],
    ['"properties": []', { type: 'object', properties: [] }, { type: 'object', properties: {} }, true],
    ['"required": null', { type: 'object', required: null }, { type: 'object' }, true],
    ['required names that are not strings', { type: 'object', required: ['a', 1, null] }, { type: 'object', required: ['a'] }, true],
    ['no schema at all', undefined, { type: 'object', properties: {} }, true],
    ['null', null, { type: 'object', properties: {} }, true],
    ['true', true, { type: 'object', properties: {} }, true],
    ['an array', [], { type: 'object', properties: {} }, true],
  ])('%s', (_, input, expected, noted) => {
    const notes: string[] = [];
    expect(repairObjectSchema(input, 'inputSchema', notes)).toEqual(expected);
    expect(notes.length > 0, JSON.stringify(notes)).toBe(noted);
  });

  it('does not change the schema it was given, nor let a "__proto__" property reach a prototype', () => {
    const input = JSON.parse('{"properties": {"__proto__": true, "a": true}}') as Record<string, unknown>;
    const before = JSON.stringify(input);
    const out = repairObjectSchema(input, 'inputSchema', []);
    expect(JSON.stringify(input)).toBe(before);
    expect(Object.keys(out.properties as object)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
  });
});

describe('parseList', () => {
  it('keeps the first of two entries with one name and says why the second is gone', () => {
    const parsed = parseList(TOOL_SPEC, [
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'a', description: 'again', inputSchema: { type: 'object' } },
    ]);
    expect(parsed.items.map((t) => t.description ?? '')).toEqual(['']);
    expect(parsed.skipped).toEqual([{ kind: 'tool', name: 'a', reason: 'duplicate' }]);
  });

  it('drops a bad optional field and keeps the entry; a bad required one leaves it out', () => {
    const parsed = parseList(TOOL_SPEC, [
      { name: 'titled', title: 7, description: ['x'], inputSchema: { type: 'object' }, icons: 'none', execution: { taskSupport: 'always' } },
      { name: 9, inputSchema: { type: 'object' } },
    ]);
    expect(parsed.items).toEqual([{ name: 'titled', inputSchema: { type: 'object' } }]);
    expect(parsed.repaired[0]?.notes).toEqual(expect.arrayContaining(['title ignored: not valid', 'description ignored: not valid', 'icons ignored: not valid', 'execution ignored: not valid']));
    expect(parsed.skipped).toEqual([{ kind: 'tool', name: '', reason: 'invalidField', field: 'name', detail: expect.any(String) }]);
  });

  it('names a resource without a name after its URI, and keeps a prompt’s good arguments', () => {
    expect(parseList(RESOURCE_SPEC, [{ uri: 'file:///a' }]).items).toEqual([{ uri: 'file:///a', name: 'file:///a' }]);
    const prompt = parseList(PROMPT_SPEC, [{ name: 'p', arguments: [{ name: 'a', required: 'yes' }, 'b', { name: 'c', required: false }] }]);
    expect(prompt.items).toEqual([{ name: 'p', arguments: [{ name: 'a' }, { name: 'c', required: false }] }]);
  });

  it('cuts a very long name in what it reports', () => {
    const parsed = parseList(TOOL_SPEC, [{ name: 'x'.repeat(5000), inputSchema: {} }, { name: 'x'.repeat(5000), inputSchema: {} }]);
    expect(parsed.skipped[0]?.name.length).toBeLessThanOrEqual(201);
  });
});

describe('ListReport', () => {
  it('logs each left-out entry once per session, at most 20 lines per fetch plus a count, and says when the entries change', () => {
    const log = new McpLogBuffer(() => 0, (text) => text, () => {});
    const report = new ListReport(log);
    const twice = Array.from({ length: 30 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
    const many = parseList(TOOL_SPEC, [...twice, ...twice]);
    expect(many.skipped).toHaveLength(30);

    expect(report.record('tool', many)).toBe(true);
    const lines = log.list().map((e) => e.text);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('tool "t0" left out: an earlier entry has the same name');
    expect(lines[20]).toBe('… and 10 more tool entries left out');

    expect(report.record('tool', many)).toBe(false);
    expect(log.list()).toHaveLength(21);
    expect(report.record('tool', parseList(TOOL_SPEC, []))).toBe(true);
    expect(report.items()).toEqual([]);
  });
});
