/** Bad input names the entry and the field (or the line and column), and nothing is applied. */
import { describe, expect, it } from 'vitest';
import { importCaller } from './helpers';

async function errorsOf(text: string) {
  const { caller } = importCaller();
  const preview = await caller.mcp.importPreview({ text });
  await expect(caller.mcp.importApply({ text })).rejects.toThrow();
  expect(await caller.mcp.list()).toEqual([]);
  return preview.errors;
}

describe('bad import input', () => {
  it('malformed JSON: line and column', async () => {
    expect(await errorsOf('{\n  "mcpServers": {\n    "a": { "command": "node" ]\n  }\n}')).toEqual([{ field: 'json', code: 'jsonSyntax', params: { line: 3, column: 30 } }]);
  });

  it('an unknown transport', async () => {
    expect(await errorsOf(JSON.stringify({ mcpServers: { a: { type: 'pigeon', command: 'node' } } }))).toEqual([{ entry: 'a', field: 'type', code: 'invalidTransport', params: { value: 'pigeon' } }]);
  });

  it('command and url both set', async () => {
    expect(await errorsOf(JSON.stringify({ mcpServers: { a: { command: 'node', url: 'https://x.example' } } }))).toEqual([{ entry: 'a', field: 'command', code: 'conflictingFields', params: { other: 'url' } }]);
  });

  it('an ${input:} id the file does not declare, and a placeholder that is no reference', async () => {
    const text = JSON.stringify({ servers: { a: { type: 'stdio', command: 'node', env: { TOKEN: '${input:nope}', OTHER: '${env:}' } } }, inputs: [{ type: 'promptString', id: 'yes' }] });
    expect(await errorsOf(text)).toEqual([
      { entry: 'a', field: 'env.TOKEN', code: 'undeclaredInput', params: { id: 'nope' } },
      { entry: 'a', field: 'env.OTHER', code: 'unknownReference', params: { text: '${env:}' } },
    ]);
  });

  it('a name twice in one file, spelled the same or only looking the same', async () => {
    expect(await errorsOf('{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}')).toEqual([{ entry: 'a', field: 'name', code: 'duplicate', params: { name: 'a' } }]);
    expect(await errorsOf(JSON.stringify({ mcpServers: { GitHub: { command: 'x' }, github: { command: 'y' } } }))).toEqual([{ entry: 'github', field: 'name', code: 'duplicate', params: { name: 'GitHub' } }]);
  });

  it('a field the shared schema refuses names the field as written (timeout, not timeoutSec)', async () => {
    expect(await errorsOf(JSON.stringify({ mcpServers: { a: { command: 'node', timeout: 99999 } } }))).toEqual([{ entry: 'a', field: 'timeout', code: 'timeoutRange', params: { min: 1, max: 3600 } }]);
  });

  it('text with no servers', async () => {
    expect(await errorsOf('{"theme": "dark"}')).toEqual([{ field: 'text', code: 'noServers' }]);
  });
});
