import { describe, expect, it } from 'vitest';
import { ATTACHMENTS_MAX_COUNT, IMAGE_ATTACHMENT_MAX_BYTES, TEXT_ATTACHMENT_MAX_LENGTH } from '@elftia/desktop/shared/contracts/limits.ts';
import { admit, isProblem, kindOf, type PendingAttachment, problemsFromFieldErrors, readAttachment } from '../../src/features/chat/model/attachmentFiles';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('kindOf', () => {
  it.each([
    [{ name: 'a.png', type: 'image/png' }, 'image/png'],
    [{ name: 'photo', type: 'image/jpeg' }, 'image/jpeg'],
    [{ name: 'dropped.webp', type: '' }, 'image/webp'],
    [{ name: 'x.GIF', type: 'application/octet-stream' }, 'image/gif'],
    [{ name: 'notes.md', type: '' }, 'text'],
    [{ name: 'data.json', type: 'application/json' }, 'text'],
    [{ name: 'main.rs', type: '' }, 'text'],
    [{ name: 'Makefile', type: '' }, 'text'],
    [{ name: 'readme', type: 'text/plain' }, 'text'],
    [{ name: 'scan.tiff', type: 'image/tiff' }, undefined],
    [{ name: 'report.pdf', type: 'application/pdf' }, undefined],
    [{ name: 'app.exe', type: '' }, undefined],
  ])('%o → %s', (file, expected) => {
    expect(kindOf(file)).toBe(expected);
  });
});

describe('readAttachment', () => {
  it('reads an image as base64 with a data URL preview', async () => {
    const read = await readAttachment(new File([PNG], 'chart.png', { type: 'image/png' }), 'k1');
    const data = Buffer.from(PNG).toString('base64');
    expect(read).toEqual({ key: 'k1', input: { kind: 'image', name: 'chart.png', mimeType: 'image/png', data }, previewUrl: `data:image/png;base64,${data}` });
  });

  it('reads a text file as text', async () => {
    expect(await readAttachment(new File(['# Plan\n'], 'plan.md'), 'k2')).toEqual({ key: 'k2', input: { kind: 'text', name: 'plan.md', text: '# Plan\n' } });
  });

  it('names what it cannot attach, and why', async () => {
    expect(await readAttachment(new File(['x'], 'report.pdf', { type: 'application/pdf' }), 'k')).toEqual({ name: 'report.pdf', code: 'unsupportedFile' });
    expect(await readAttachment(new File(['a\u0000b'], 'data.txt', { type: 'text/plain' }), 'k')).toEqual({ name: 'data.txt', code: 'notText' });
    const big = new File([new Uint8Array(IMAGE_ATTACHMENT_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    expect(await readAttachment(big, 'k')).toEqual({ name: 'big.png', code: 'fileTooLarge', params: { max: IMAGE_ATTACHMENT_MAX_BYTES } });
    const long = new File(['x'.repeat(TEXT_ATTACHMENT_MAX_LENGTH + 1)], 'long.txt', { type: 'text/plain' });
    expect(await readAttachment(long, 'k')).toEqual({ name: 'long.txt', code: 'textFileTooLong', params: { max: TEXT_ATTACHMENT_MAX_LENGTH } });
  });
});

describe('admit', () => {
  const text = (n: number, length = 1): PendingAttachment => ({ key: `t${n}`, input: { kind: 'text', name: `f${n}.txt`, text: 'x'.repeat(length) } });

  it('keeps files up to the count, then names the rest', () => {
    const current = Array.from({ length: ATTACHMENTS_MAX_COUNT - 1 }, (_, i) => text(i));
    const { added, problems } = admit(current, [text(100), text(101)]);
    expect(added.map((a) => a.key)).toEqual(['t100']);
    expect(problems).toEqual([{ name: 'f101.txt', code: 'tooManyFiles', params: { max: ATTACHMENTS_MAX_COUNT } }]);
  });

  it('keeps files up to the total size, then names the rest', () => {
    const images = [0, 1, 2, 3].map((n): PendingAttachment => ({ key: `i${n}`, input: { kind: 'image', name: `i${n}.png`, mimeType: 'image/png', data: 'A'.repeat(6_000_000) } }));
    const { added, problems } = admit([], images);
    expect(added).toHaveLength(3);
    expect(problems).toEqual([{ name: 'i3.png', code: 'attachmentsTooLarge', params: { max: 15 * 1024 * 1024 } }]);
    expect(isProblem(problems[0]!)).toBe(true);
  });
});

describe('problemsFromFieldErrors', () => {
  it("puts main's errors on the files they name; others stay the message's", () => {
    const sent = [
      { kind: 'text' as const, name: 'a.txt', text: '' },
      { kind: 'image' as const, name: 'b.png', mimeType: 'image/png' as const, data: '' },
    ];
    const notAnImage = { field: 'attachments.1.data', code: 'notAnImage' as const };
    const text = { field: 'text', code: 'tooLong' as const, params: { max: 100_000 } };
    expect(problemsFromFieldErrors([notAnImage, text], sent)).toEqual({ problems: [{ name: 'b.png', error: notAnImage }], rest: [text] });
  });
});
