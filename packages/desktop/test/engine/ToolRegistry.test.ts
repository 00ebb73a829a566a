import { describe, expect, it } from 'vitest';
import type { ITool, ToolExecutionResult } from '../../app/main/engine/ITool';
import { DuplicateToolError, ToolRegistry } from '../../app/main/engine/ToolRegistry';

function tool(name: string, text = name): ITool {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute: async (): Promise<ToolExecutionResult> => ({ text, content: [{ type: 'text', text }], isError: false }),
  };
}

describe('ToolRegistry', () => {
  it('registers, finds and lists tools in registration order', () => {
    const registry = new ToolRegistry();
    registry.register(tool('b'));
    registry.register(tool('a'));
    expect(registry.list().map((t) => t.name)).toEqual(['b', 'a']);
    expect(registry.get('a')?.description).toBe('the a tool');
    expect(registry.has('b')).toBe(true);
    expect(registry.get('missing')).toBeUndefined();
    expect(registry.size).toBe(2);
  });

  it('rejects a second tool with the same name and keeps the first', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('echo', 'first'));
    const register = () => registry.register(tool('echo', 'second'));
    expect(register).toThrow(DuplicateToolError);
    expect(register).toThrow(/"echo" is already registered/);
    expect((await registry.get('echo')?.execute({}))?.text).toBe('first');
    expect(registry.size).toBe(1);
  });

  it('unregisters by name, after which the name is free again', () => {
    const registry = new ToolRegistry();
    registry.register(tool('echo'));
    expect(registry.unregister('echo')).toBe(true);
    expect(registry.unregister('echo')).toBe(false);
    expect(registry.get('echo')).toBeUndefined();
    registry.register(tool('echo'));
    expect(registry.has('echo')).toBe(true);
  });

  it('hands out a snapshot from list()', () => {
    const registry = new ToolRegistry();
    registry.register(tool('a'));
    const listed = registry.list();
    registry.register(tool('b'));
    registry.unregister('a');
    expect(listed.map((t) => t.name)).toEqual(['a']);
    expect(registry.list().map((t) => t.name)).toEqual(['b']);
  });
});
