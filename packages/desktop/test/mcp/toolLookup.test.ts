import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { findTool } from '../../app/main/mcp/toolLookup';

const tool = (name: string, description = name): Tool => ({ name, description, inputSchema: { type: 'object' } });

describe('finding a listed tool by name', () => {
  it('finds what find() finds: the first of two tools listed under one name, nothing for an unknown name', () => {
    const list = [tool('a'), tool('b', 'first b'), tool('b', 'second b')];
    expect(findTool(list, 'b')?.description).toBe('first b');
    expect(findTool(list, 'a')).toBe(list[0]);
    expect(findTool(list, 'c')).toBeUndefined();
    expect(findTool(list, 'constructor')).toBeUndefined();
  });

  it('a new list (the server listed again) is looked up afresh', () => {
    const before = [tool('a')];
    expect(findTool(before, 'a')).toBe(before[0]);
    const after = [tool('a', 'changed'), tool('new')];
    expect(findTool(after, 'a')?.description).toBe('changed');
    expect(findTool(after, 'new')).toBe(after[1]);
    expect(findTool(before, 'new')).toBeUndefined();
  });
});
