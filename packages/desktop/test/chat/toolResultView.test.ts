import { describe, expect, it } from 'vitest';
import { writeJsonInSlices } from '../../app/main/chat/jsonSlices';
import { type ToolResult, type ViewLimits, shortenForView } from '../../app/main/chat/toolResultView';

const limits: ViewLimits = { textChars: 10, binaryChars: 8, structuredChars: 20 };
const result = (fields: Partial<ToolResult>): ToolResult => ({ text: 'model text', content: [], isError: false, ...fields });

describe('shortenForView', () => {
  it('leaves a result within every limit as it is', () => {
    expect(shortenForView(result({ content: [{ type: 'text', text: '0123456789' }, { type: 'image', data: 'AAAAAAAA', mimeType: 'image/png' }] }), limits)).toBeUndefined();
  });

  it('cuts text across items at the shared budget, and drops items left empty', () => {
    const view = shortenForView(result({ content: [{ type: 'text', text: 'abcdef' }, { type: 'text', text: 'ghijklmn' }, { type: 'text', text: 'never shown' }] }), limits);
    expect(view?.content).toEqual([
      { type: 'text', text: 'abcdef' },
      { type: 'text', text: 'ghij' },
    ]);
    expect(view?.text).toBe('model text');
  });

  it('never cuts a surrogate pair in half', () => {
    const view = shortenForView(result({ content: [{ type: 'text', text: `${'a'.repeat(9)}😀tail` }] }), limits);
    expect(view?.content).toEqual([{ type: 'text', text: 'a'.repeat(9) }]);
  });

  it('leaves out media and blobs past the binary budget, keeping the ones that fit and every link', () => {
    const view = shortenForView(
      result({
        content: [
          { type: 'image', data: 'AAAAAAAAAAAA', mimeType: 'image/png' },
          { type: 'audio', data: 'BBBB', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'x://blob', blob: 'CCCCCCCC' } },
          { type: 'resource_link', uri: 'x://link', name: 'link' },
          { type: 'resource', resource: { uri: 'x://text', text: 'long resource text' } },
        ],
      }),
      limits,
    );
    expect(view?.content).toEqual([
      { type: 'audio', data: 'BBBB', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'x://link', name: 'link' },
      { type: 'resource', resource: { uri: 'x://text', text: 'long resou' } },
    ]);
  });

  it('drops a large structuredContent and keeps a small one', () => {
    expect(shortenForView(result({ structuredContent: { rows: ['x'.repeat(30)] } }), limits)).toEqual(result({}));
    expect(shortenForView(result({ structuredContent: { ok: true } }), limits)).toBeUndefined();
  });
});

describe('writeJsonInSlices', () => {
  async function sliced(value: unknown): Promise<{ json: string; pieces: number }> {
    const pieces: string[] = [];
    await writeJsonInSlices(value, async (piece) => void pieces.push(piece));
    return { json: pieces.join(''), pieces: pieces.length };
  }

  it('writes what JSON.stringify writes, a long string in many pieces', async () => {
    const value = { content: [{ type: 'text', text: '"\\\n\u0001é'.repeat(500_000) }], small: 'x', nested: [{ long: 'b'.repeat(100_000) }, null, 3] };
    const { json, pieces } = await sliced(value);
    expect(pieces).toBeGreaterThan(4);
    // Compared as booleans: a failing toBe would print megabytes.
    expect(json === JSON.stringify(value)).toBe(true);
  });

  it('parses back to the same value when a surrogate pair falls between two slices', async () => {
    const value = { text: `${'a'.repeat(1024 * 1024 - 1)}😀${'z'.repeat(10)}` };
    const { json } = await sliced(value);
    expect(JSON.parse(json).text === value.text).toBe(true);
  });

  it('cannot be fooled by a string that looks like its marker', async () => {
    const value = { a: '"x:0"', b: 'c'.repeat(70_000) };
    expect(JSON.parse((await sliced(value)).json)).toEqual(value);
  });
});
