/**
 * The project file parser: the common `mcpServers` shape with Elftia's fields, and every bad input
 * named by file, line, column, entry and field, with no server of a broken file let through.
 */
import { describe, expect, it } from 'vitest';
import { parseProjectFile } from '../../app/main/workspace/projectFile';

const where = { file: '/repo/.elftia/mcp.json', workspace: '/repo' };
const parse = (text: string) => parseProjectFile(text, where);
const problemOf = (text: string) => {
  const result = parse(text);
  if (result.ok) throw new Error('expected a problem');
  return result.problem;
};

describe('project file', () => {
  it('reads stdio and remote servers with Elftia fields, type aliases and a relative cwd', () => {
    const result = parse(
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'gh-token', description: 'GitHub token', password: true }],
        mcpServers: {
          lint: { command: 'node', args: ['lint.mjs'], env: { TOKEN: '${input:gh-token}', HOME_DIR: '${env:HOME}' }, cwd: 'tools', timeout: 30, disabledTools: ['fix'], alwaysAllow: ['check'] },
          docs: { type: 'streamable-http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${input:gh-token}' } },
          legacy: { type: 'sse', url: 'https://example.com/sse', disabled: true },
          bare: { url: 'https://example.com/mcp' },
          sock: { url: 'wss://example.com/ws' },
        },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const byName = Object.fromEntries(result.servers.map((s) => [s.name, s]));
    expect(byName.lint).toMatchObject({ cwd: '/repo/tools', disabledTools: ['fix'], alwaysAllow: ['check'], input: { type: 'stdio', command: 'node', args: ['lint.mjs'], timeoutSec: 30 } });
    expect(byName.docs?.input.type).toBe('http');
    expect(byName.legacy?.input).toMatchObject({ type: 'sse', enabled: false });
    expect(byName.bare?.input.type).toBe('http');
    expect(byName.sock?.input.type).toBe('websocket');
    expect(result.inputs).toEqual([{ id: 'gh-token', description: 'GitHub token', password: true }]);
  });

  it('reports a JSON syntax error with its line and column', () => {
    const text = '{\n  "mcpServers": {\n    "lint": { "command": "node" \n    "args": []\n  }\n}\n';
    const problem = problemOf(text);
    expect(problem).toMatchObject({ code: 'syntax', file: where.file, line: 4, column: 5 });
  });

  it('names the entry and field of an unknown transport, with its line', () => {
    const text = '{\n  "mcpServers": {\n    "lint": {\n      "type": "carrier-pigeon",\n      "command": "node"\n    }\n  }\n}\n';
    expect(problemOf(text)).toMatchObject({ code: 'unknownTransport', entry: 'lint', field: 'type', line: 4, column: 7, params: { transport: 'carrier-pigeon' } });
  });

  it('refuses command and url together, and neither', () => {
    expect(problemOf(JSON.stringify({ mcpServers: { x: { command: 'node', url: 'https://e.com' } } }))).toMatchObject({ code: 'commandAndUrl', entry: 'x', field: 'url' });
    expect(problemOf(JSON.stringify({ mcpServers: { x: { args: [] } } }))).toMatchObject({ code: 'noCommandOrUrl', entry: 'x' });
  });

  it('refuses an unknown ${input:} reference and an unknown kind of reference', () => {
    expect(problemOf(JSON.stringify({ mcpServers: { x: { command: 'node', env: { TOKEN: '${input:nope}' } } } }))).toMatchObject({
      code: 'unknownInput',
      entry: 'x',
      field: 'env.TOKEN',
      params: { ref: '${input:nope}' },
    });
    expect(problemOf(JSON.stringify({ mcpServers: { x: { url: 'https://e.com', headers: { A: '${secret:x}' } } } }))).toMatchObject({ code: 'unknownReference', field: 'headers.A' });
  });

  it('refuses two entries of the same name and of look-alike names, pointing at the second', () => {
    const same = '{"mcpServers": {\n"lint": {"command": "a"},\n"lint": {"command": "b"}}}';
    expect(problemOf(same)).toMatchObject({ code: 'duplicateName', entry: 'lint', line: 3, column: 1, params: { other: 'lint' } });
    // A Cyrillic і in the second name.
    const lookAlike = JSON.stringify({ mcpServers: { github: { command: 'a' }, 'g\u0456thub': { command: 'b' } } });
    expect(problemOf(lookAlike)).toMatchObject({ code: 'duplicateName', entry: 'g\u0456thub', params: { other: 'github' } });
  });

  it('names an unknown field and a value of the wrong type in the project file words (timeout, not timeoutSec)', () => {
    expect(problemOf(JSON.stringify({ mcpServers: { x: { command: 'node', colour: 'red' } } }))).toMatchObject({ code: 'invalid', entry: 'x', field: 'colour', params: { validation: 'unknownField' } });
    expect(problemOf(JSON.stringify({ mcpServers: { x: { command: 'node', timeout: 0 } } }))).toMatchObject({ code: 'invalid', entry: 'x', field: 'timeout', params: { validation: 'timeoutRange' } });
    expect(problemOf(JSON.stringify({ servers: {} }))).toMatchObject({ code: 'invalid', field: 'mcpServers' });
  });

  it('yields no server at all when one entry is bad', () => {
    const result = parse(JSON.stringify({ mcpServers: { good: { command: 'node' }, bad: { type: 'pigeon', command: 'x' } } }));
    expect(result.ok).toBe(false);
    expect('servers' in result).toBe(false);
  });
});
