import { describe, expect, it } from 'vitest';
import { promptRunView, readView, resourceView } from '../../app/main/mcp/catalogViews';
import { toMcpTool } from '../../app/main/mcp/toMcpTool';
import { expandTemplate, templateVariables } from '../../app/shared/contracts/mcp-resources';

describe('catalog views', () => {
  it('bounds a read like an attachment: text cut with its length said, a large blob left out with its size', () => {
    const limits = { textChars: 10, blobChars: 8 };
    const view = readView(
      {
        contents: [
          { uri: 'a', mimeType: 'text/plain', text: '0123456789ABCDEF' },
          { uri: 'b', text: 'more' },
          { uri: 'c', mimeType: 'image/png', blob: 'AAAAAAAAAAAA' },
          { uri: 'd', blob: 'AAAA' },
        ],
      },
      limits,
    );
    expect(view.contents).toEqual([
      { uri: 'a', mimeType: 'text/plain', text: '0123456789', cutFromChars: 16 },
      { uri: 'b', text: '', cutFromChars: 4 },
      { uri: 'c', mimeType: 'image/png', omittedBytes: 9 },
      { uri: 'd', blob: 'AAAA' },
    ]);
  });

  it('keeps only a safe icon of a resource', () => {
    expect(resourceView({ uri: 'u', name: 'n', icons: [{ src: 'javascript:alert(1)' }] } as never)).toEqual({ uri: 'u', name: 'n' });
    expect(resourceView({ uri: 'u', name: 'n', icons: [{ src: 'https://e.com/i.png' }], size: 3 } as never)).toEqual({ uri: 'u', name: 'n', size: 3, icon: 'https://e.com/i.png' });
  });

  it('gives a tool the first icon the app may show, and none for a hostile one', () => {
    const server = { id: 's', name: 'srv' };
    const schema = { type: 'object' as const };
    expect(toMcpTool(server, { name: 't', inputSchema: schema, icons: [{ src: 'http://e.com/i.png' }, { src: 'https://e.com/i.png' }] } as never).icon).toBe('https://e.com/i.png');
    expect(toMcpTool(server, { name: 't', inputSchema: schema, icons: [{ src: 'javascript:alert(1)' }] } as never)).not.toHaveProperty('icon');
  });

  it('turns prompt messages into parts; an image over the limit is left out', () => {
    const run = promptRunView(
      {
        description: 'd',
        messages: [
          { role: 'user', content: { type: 'text', text: 'hi' } },
          { role: 'assistant', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
          { role: 'user', content: { type: 'image', data: 'AAAAAAAA', mimeType: 'image/png' } },
        ],
      },
      { textChars: 100, blobChars: 6 },
    );
    expect(run).toEqual({ description: 'd', parts: [{ kind: 'text', role: 'user', text: 'hi' }, { kind: 'image', role: 'assistant', mimeType: 'image/png', data: 'AAAA' }] });
  });

  it('reads and expands URI templates', () => {
    expect(templateVariables('demo://r/{id}/x{+path}{?q,lang*}')).toEqual(['id', 'path', 'q', 'lang']);
    expect(expandTemplate('demo://r/{id}', { id: 'a b/c' })).toBe('demo://r/a%20b%2Fc');
    expect(expandTemplate('file://{+path}', { path: '/a b/c' })).toBe('file:///a%20b/c');
    expect(expandTemplate('s://x{?q,lang}', { q: 'cat', lang: '' })).toBe('s://x?q=cat');
  });
});
