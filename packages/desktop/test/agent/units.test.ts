/** Pure parts of the engine: cutting text for the model, schema summaries, tool search ranking. */
import { describe, expect, it } from 'vitest';
import { limitForModel } from '../../app/main/engine/modelText';
import { rankTools } from '../../app/main/engine/tools/SearchToolsTool';
import { summarizeSchema } from '../../app/main/engine/tools/schemaSummary';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';

describe('limitForModel', () => {
  it('passes text at or under the limit unchanged', () => {
    expect(limitForModel('abc', 3)).toEqual({ text: 'abc', truncated: false });
  });

  it('cuts above the limit and says how much was cut', () => {
    expect(limitForModel('abcdef', 4)).toEqual({
      text: 'abcd\n\n[Result truncated for the model: showing the first 4 of 6 characters; 2 characters were cut. The user can see the full result.]',
      truncated: true,
    });
  });

  it('never splits a surrogate pair', () => {
    const { text } = limitForModel('a😀b', 2);
    expect(text.startsWith('a\n\n')).toBe(true);
    expect(text).toContain('first 1 of 4 characters; 3 characters were cut');
  });
});

describe('summarizeSchema', () => {
  it('lists top-level properties with type, requiredness, enums, unions and descriptions', () => {
    const schema = {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Where\n  to write' },
        mode: { enum: ['a', 'w'] },
        count: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' } },
        options: { type: 'object', properties: { force: {}, dry: {} } },
      },
      required: ['path'],
    };
    expect(summarizeSchema(schema)).toBe(
      [
        '- path (string, required): Where to write',
        '- mode (one of "a", "w")',
        '- count (integer | null)',
        '- tags (array of string)',
        '- options (object with force, dry)',
      ].join('\n'),
    );
  });

  it('says so when a tool takes no arguments, and caps very wide schemas', () => {
    expect(summarizeSchema({ type: 'object' })).toBe('(no arguments)');
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    const lines = summarizeSchema(wide).split('\n');
    expect(lines).toHaveLength(26);
    expect(lines.at(-1)).toBe('- … and 5 more');
  });
});

describe('rankTools', () => {
  const tool = (serverName: string, name: string, description: string): MCPTool => ({ id: `mcp__${serverName}__${name}`, serverId: serverName, serverName, name, description, inputSchema: {} });
  const tools = [tool('fs', 'read_file', 'Reads a file'), tool('fs', 'write_file', 'Writes a file'), tool('web', 'fetch', 'Fetches a URL and returns the page as a file'), tool('git', 'read', 'Git read')];

  it('ranks name matches over description matches, exact names first, ties in server order', () => {
    expect(rankTools(tools, 'read', 10).map((t) => t.name)).toEqual(['read', 'read_file']);
    expect(rankTools(tools, 'file', 10).map((t) => t.name)).toEqual(['read_file', 'write_file', 'fetch']);
    expect(rankTools(tools, 'file', 1).map((t) => t.name)).toEqual(['read_file']);
  });

  it('matches the server name, and nothing for an empty or unrelated query', () => {
    expect(rankTools(tools, 'web', 10).map((t) => t.name)).toEqual(['fetch']);
    expect(rankTools(tools, '  ', 10)).toEqual([]);
    expect(rankTools(tools, 'zzz', 10)).toEqual([]);
  });
});
