/** The pure parts of attachments (chat/attachments.ts): inlining text files, image type checks, the history's image budget. */
import { describe, expect, it } from 'vitest';
import { loadHistoryImages, sniffImageType, withFiles } from '../../app/main/chat/attachments';
import type { EngineMessage } from '../../app/main/completion/types';

describe('withFiles', () => {
  it('puts each file after the text under its name, its name escaped so it cannot end the tag', () => {
    expect(withFiles('Read these', [{ name: 'a "b" <c>.md', text: 'x```y' }, { name: 'd.txt', text: '' }])).toBe(
      'Read these\n\n<file name="a &quot;b&quot; &lt;c&gt;.md">\nx```y\n</file>\n\n<file name="d.txt">\n\n</file>',
    );
    expect(withFiles('', [{ name: 'only.txt', text: 'hi' }])).toBe('<file name="only.txt">\nhi\n</file>');
    expect(withFiles('just text', [])).toBe('just text');
  });
});

describe('sniffImageType', () => {
  it.each([
    ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]],
    ['image/jpeg', [0xff, 0xd8, 0xff, 0xdb]],
    ['image/gif', [...Buffer.from('GIF89a')]],
    ['image/gif', [...Buffer.from('GIF87a')]],
    ['image/webp', [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')]],
    [undefined, [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WAVEfmt ')]],
    [undefined, [...Buffer.from('%PDF-1.7')]],
    [undefined, []],
  ])('%s', (expected, bytes) => {
    expect(sniffImageType(Buffer.from(bytes))).toBe(expected);
  });
});

describe('loadHistoryImages', () => {
  const ref = (id: string, size: number) => ({ attachmentId: id, name: `${id}.png`, mimeType: 'image/png', size });
  const files = new Map([
    ['old', Buffer.alloc(60)],
    ['mid', Buffer.alloc(30)],
    ['new', Buffer.alloc(50)],
  ]);
  const history: EngineMessage[] = [
    { role: 'user', text: 'first', imageRefs: [ref('old', 60)] },
    { role: 'assistant', text: 'ok', toolCalls: [] },
    { role: 'user', text: '', imageRefs: [ref('mid', 30), ref('new', 50)] },
    { role: 'user', text: 'plain' },
  ];

  it('sends the newest images within the budget and names the older ones', async () => {
    const loaded = await loadHistoryImages(history, async (id) => files.get(id), 100);
    expect(loaded[0]).toEqual({ role: 'user', text: 'first\n\n[Image "old.png" sent earlier in this conversation; not sent again.]' });
    expect(loaded[2]).toEqual({
      role: 'user',
      text: '',
      images: [
        { mimeType: 'image/png', data: Buffer.alloc(30).toString('base64'), name: 'mid.png' },
        { mimeType: 'image/png', data: Buffer.alloc(50).toString('base64'), name: 'new.png' },
      ],
    });
    expect(loaded[3]).toBe(history[3]);
    // The stored history itself is left as it was.
    expect(history[0]).toHaveProperty('imageRefs');
  });

  it('sends them all when they fit', async () => {
    const loaded = await loadHistoryImages(history, async (id) => files.get(id), 1000);
    expect(loaded.flatMap((m) => (m.role === 'user' ? (m.images ?? []) : [])).map((i) => i.name)).toEqual(['old.png', 'mid.png', 'new.png']);
  });
});
