import { describe, expect, it } from 'vitest';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import { namedList } from '../../app/main/tools/namedList';
import { assignToolNames } from '../../app/main/tools/naming';
import { tool } from './helpers';

const schema = () => ({ type: 'object', properties: { q: { type: 'string' } } });

describe('namedList: tool names once per list', () => {
  it('names an unchanged list once: the next provider format reuses the names', () => {
    const list = [tool('search', schema(), 'a'), tool('search', schema(), 'b'), tool('fetch', schema(), 'a')];
    const first = namedList(list);
    const again = namedList(list);
    expect(again.names).toBe(first.names);
    expect(again.unique).toBe(first.unique);
  });

  it('names again when the array was refilled in place or a tool changed its name', () => {
    const list = [tool('search', schema(), 'a')];
    const first = namedList(list).names;
    list.push(tool('search', schema(), 'b'));
    const grown = namedList(list).names;
    expect(grown).not.toBe(first);
    expect(grown).toEqual(assignToolNames(list.map((t) => ({ id: t.id, serverId: t.serverId }))));
    list[1] = { ...list[1]!, id: 'mcp__c__search', serverId: 'c' };
    expect(namedList(list).names).toEqual(assignToolNames(list.map((t) => ({ id: t.id, serverId: t.serverId }))));
  });

  it('hands out its warnings as a copy: formatting a list with repeats twice warns the same, not twice as much', () => {
    const list = [tool('search', schema(), 'a'), tool('search', schema(), 'a'), tool('bad', false, 'a')];
    const first = formatToolsFor(list, 'openai').warnings;
    const second = formatToolsFor(list, 'openai').warnings;
    expect(first).toHaveLength(2);
    expect(second).toEqual(first);
    expect(formatToolsFor(list, 'anthropic').warnings).toHaveLength(2);
  });
});
