import { describe, expect, it } from 'vitest';
import { type ToolContent, parseToolContent } from '../../app/shared/contracts/tool-content';
import {
  DEFAULT_MAX_EMBEDDED_TEXT_CHARS,
  flattenContent,
  toToolExecutionResult,
  toolErrorResult,
} from '../../app/main/engine/tools/flattenContent';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('flattenContent', () => {
  const cases: Array<[string, ToolContent, string]> = [
    ['text as is', { type: 'text', text: 'hello\nworld' }, 'hello\nworld'],
    ['empty text', { type: 'text', text: '' }, ''],
    ['image', { type: 'image', data: PNG, mimeType: 'image/png' }, '[Image: image/png]'],
    ['audio', { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }, '[Audio: audio/wav]'],
    [
      'resource link with mime',
      { type: 'resource_link', uri: 'file:///a.md', name: 'a.md', mimeType: 'text/markdown' },
      '[Resource link: a.md (file:///a.md, text/markdown)]',
    ],
    [
      'resource link with title, size and description',
      { type: 'resource_link', uri: 'https://x/r', name: 'r', title: 'Report', size: 2048, description: 'Q3 numbers' },
      '[Resource link: Report (https://x/r, 2048 bytes) — Q3 numbers]',
    ],
    [
      'embedded text resource',
      { type: 'resource', resource: { uri: 'memo://1', mimeType: 'text/plain', text: 'body' } },
      '[Resource: memo://1, text/plain]\nbody',
    ],
    ['embedded text resource without mime', { type: 'resource', resource: { uri: 'memo://2', text: 'b' } }, '[Resource: memo://2]\nb'],
    [
      'embedded blob resource: size, never the bytes',
      { type: 'resource', resource: { uri: 'memo://3', mimeType: 'application/pdf', blob: 'AAECAw==' } },
      '[Resource: memo://3, application/pdf, 4 bytes, binary]',
    ],
  ];

  it.each(cases)('%s', (_name, item, expected) => {
    expect(flattenContent([item])).toBe(expected);
  });

  it('joins items with a newline, in order', () => {
    const content: ToolContent[] = [
      { type: 'text', text: 'before' },
      { type: 'image', data: PNG, mimeType: 'image/jpeg' },
      { type: 'text', text: 'after' },
    ];
    expect(flattenContent(content)).toBe('before\n[Image: image/jpeg]\nafter');
    expect(flattenContent([])).toBe('');
  });

  it('bounds embedded text and says how much was left out', () => {
    const text = 'x'.repeat(DEFAULT_MAX_EMBEDDED_TEXT_CHARS + 500);
    const flat = flattenContent([{ type: 'resource', resource: { uri: 'memo://big', text } }]);
    expect(flat).toContain(`${'x'.repeat(DEFAULT_MAX_EMBEDDED_TEXT_CHARS)}\n[… 500 more characters not shown]`);
    expect(flat.length).toBeLessThan(DEFAULT_MAX_EMBEDDED_TEXT_CHARS + 100);
  });

  it('never cuts a surrogate pair in half', () => {
    const flat = flattenContent([{ type: 'resource', resource: { uri: 'u', text: 'ab😀cd' } }], { maxEmbeddedTextChars: 3 });
    expect(flat).toBe('[Resource: u]\nab\n[… 4 more characters not shown]');
  });

  it('passes text items whole, however long (the seed keeps text as is)', () => {
    const text = 'y'.repeat(DEFAULT_MAX_EMBEDDED_TEXT_CHARS * 2);
    expect(flattenContent([{ type: 'text', text }])).toBe(text);
  });
});

describe('parseToolContent', () => {
  it('keeps known items and turns unknown or malformed ones into a note', () => {
    const parsed = parseToolContent([
      { type: 'text', text: 'ok', _meta: { x: 1 } },
      { type: 'hologram', data: '…' },
      { type: 'image', data: PNG },
      'just a string',
    ]);
    expect(parsed).toEqual([
      { type: 'text', text: 'ok' },
      { type: 'text', text: '[Unsupported content: hologram]' },
      { type: 'text', text: '[Unsupported content: image]' },
      { type: 'text', text: '[Unsupported content: string]' },
    ]);
    expect(parseToolContent(undefined)).toEqual([]);
  });
});

describe('toToolExecutionResult', () => {
  it('keeps the full content for the UI next to the model text, and reflects isError', () => {
    const result = toToolExecutionResult({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }], isError: true });
    expect(result).toEqual({ text: '[Image: image/png]', content: [{ type: 'image', data: PNG, mimeType: 'image/png' }], isError: true });
  });

  it('gives the model the JSON of structuredContent when there is no content', () => {
    const result = toToolExecutionResult({ content: [], structuredContent: { a: 1 } });
    expect(result.text).toBe('{"a":1}');
    expect(result.structuredContent).toEqual({ a: 1 });
    expect(result.isError).toBe(false);
  });

  it('prefers content over structuredContent when both are present', () => {
    expect(toToolExecutionResult({ content: [{ type: 'text', text: 't' }], structuredContent: { a: 1 } }).text).toBe('t');
  });

  it('builds error results with a code and a visible message', () => {
    expect(toolErrorResult('TIMEOUT', 'late')).toEqual({ text: 'late', content: [{ type: 'text', text: 'late' }], isError: true, errorCode: 'TIMEOUT' });
  });
});
