import { describe, expect, it } from 'vitest';
import { ICON_SRC_MAX_LENGTH, pickIcon, safeIconSrc } from '../../app/shared/contracts/icons';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('icons: only https: and data: images are shown', () => {
  it('keeps an https URL and a data: image (SVG too, which is only ever drawn as <img>)', () => {
    expect(safeIconSrc('https://example.com/icon.png')).toBe('https://example.com/icon.png');
    expect(safeIconSrc(PNG)).toBe(PNG);
    expect(safeIconSrc('data:image/svg+xml;base64,PHN2Zy8+')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(safeIconSrc('https://example.com/i', 'image/webp')).toBe('https://example.com/i');
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in capitals', 'JaVaScRiPt:alert(1)'],
    ['http:', 'http://example.com/icon.png'],
    ['file:', 'file:///etc/passwd'],
    ['protocol-relative', '//example.com/icon.png'],
    ['a relative path', 'icon.png'],
    ['data:text/html', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['data: SVG not base64 (inline markup)', 'data:image/svg+xml,<svg onload="alert(1)"/>'],
    ['data: with no type', 'data:;base64,AAAA'],
    ['credentials in the URL', 'https://user:pass@example.com/i.png'],
    ['a custom scheme', 'elftia-app://icon.png'],
    ['an empty string', ''],
  ])('ignores %s', (_what, src) => {
    expect(safeIconSrc(src)).toBeUndefined();
  });

  it('ignores a huge data: URL and a declared type that is not an image', () => {
    expect(safeIconSrc(`data:image/png;base64,${'A'.repeat(ICON_SRC_MAX_LENGTH)}`)).toBeUndefined();
    expect(safeIconSrc('https://example.com/i', 'text/html')).toBeUndefined();
    expect(safeIconSrc('https://example.com/i', 42)).toBeUndefined();
    expect(safeIconSrc(42)).toBeUndefined();
  });

  it('picks the first icon of a list that passes; anything else is no icon', () => {
    expect(pickIcon([{ src: 'javascript:alert(1)' }, { src: 'http://x/i.png' }, { src: PNG }, { src: 'https://example.com/a.png' }])).toBe(PNG);
    expect(pickIcon([{ src: 'javascript:alert(1)' }])).toBeUndefined();
    expect(pickIcon('https://example.com/a.png')).toBeUndefined();
    expect(pickIcon([null, 'x', { nosrc: true }])).toBeUndefined();
    expect(pickIcon(undefined)).toBeUndefined();
  });
});
