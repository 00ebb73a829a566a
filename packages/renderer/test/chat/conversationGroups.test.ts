import { describe, expect, it } from 'vitest';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';
import { filterByTitle, groupByDate } from '../../src/features/chat/model/conversationGroups';

function conversation(id: string, updatedAt: Date, title = id): ConversationRecord {
  return { id, title, toolMode: 'auto', selectedServerIds: [], createdAt: updatedAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

// Local time: the groups follow the user's calendar days, not UTC's.
const NOW = new Date(2026, 2, 15, 9, 30);
const at = (daysBack: number, hour = 12) => new Date(2026, 2, 15 - daysBack, hour, 0);

describe('groupByDate', () => {
  it('puts each conversation in Today, Yesterday, Previous 7 days, Previous 30 days or Older by its last activity', () => {
    const list = [
      conversation('early-today', at(0, 0)),
      conversation('late-yesterday', at(1, 23)),
      conversation('two-days', at(2)),
      conversation('seven-days', at(7)),
      conversation('eight-days', at(8)),
      conversation('thirty-days', at(30)),
      conversation('thirty-one-days', at(31)),
      conversation('last-year', new Date(2025, 1, 1)),
    ];
    expect(groupByDate(list, NOW).map((g) => [g.id, g.conversations.map((c) => c.id)])).toEqual([
      ['today', ['early-today']],
      ['yesterday', ['late-yesterday']],
      ['previous7', ['two-days', 'seven-days']],
      ['previous30', ['eight-days', 'thirty-days']],
      ['older', ['thirty-one-days', 'last-year']],
    ]);
  });

  it('leaves out empty groups, keeps the list order inside a group, and counts a date after now as today', () => {
    const list = [conversation('b', at(0, 8)), conversation('a', at(0, 7)), conversation('future', new Date(2026, 2, 20))];
    expect(groupByDate(list, NOW)).toEqual([{ id: 'today', conversations: list }]);
  });
});

describe('filterByTitle', () => {
  const titles = ['Trip to Kyoto', '周报摘要', 'ＡＢＣ report'];
  it('keeps titles containing the query, ignoring case, width and surrounding spaces', () => {
    expect(filterByTitle(titles, '  kyoto ', (t) => t)).toEqual(['Trip to Kyoto']);
    expect(filterByTitle(titles, '周报', (t) => t)).toEqual(['周报摘要']);
    expect(filterByTitle(titles, 'abc', (t) => t)).toEqual(['ＡＢＣ report']);
    expect(filterByTitle(titles, '', (t) => t)).toEqual(titles);
    expect(filterByTitle(titles, 'nothing', (t) => t)).toEqual([]);
  });
});
