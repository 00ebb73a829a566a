import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageText } from '../../../src/features/chat/components/conversation/MessageText';
import { Markdown } from '../../../src/features/chat/components/markdown/Markdown';
import { renderApp } from '../../helpers/renderApp';

function show(text: string, options: { language?: 'en' | 'zh' | 'ja' } = {}) {
  return renderApp(<Markdown text={text} />, options);
}

const root = () => screen.getByTestId('markdown');

// KaTeX refuses to typeset in quirks mode, which it checks once, when it is first imported.
// index.html starts with <!doctype html>; happy-dom does not implement document.compatMode at all,
// so the standards mode the app runs in is stated before any import.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

afterEach(() => vi.restoreAllMocks());

describe('Markdown', () => {
  it('renders headings as heading elements', () => {
    show('# Title\n\n## Part two\n\nText');
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Part two' })).toBeTruthy();
  });

  it('renders a GFM table with its header and cells', () => {
    show('| Name | Age |\n|------|----:|\n| Ada | 36 |\n| Alan | 41 |');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Age']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: '41' })).toBeTruthy();
  });

  it('renders a task list with checked and unchecked boxes the user cannot toggle', () => {
    show('- [x] done\n- [ ] to do');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    expect(boxes.every((box) => box.disabled)).toBe(true);
  });

  it('renders strikethrough, and a single ~ (a range, 1~2) as text', () => {
    show('~~old~~ new, in 1~2 days');
    expect(root().querySelector('del')?.textContent).toBe('old');
    expect(root().querySelectorAll('del')).toHaveLength(1);
    expect(root().textContent).toContain('in 1~2 days');
  });

  it('turns a bare URL into a link that opens outside the app', () => {
    show('Read https://modelcontextprotocol.io/docs today, or www.example.com.');
    const link = screen.getByRole('link', { name: 'https://modelcontextprotocol.io/docs' });
    expect(link.getAttribute('href')).toBe('https://modelcontextprotocol.io/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'www.example.com' }).getAttribute('href')).toBe('http://www.example.com/');
  });

  it('lists footnotes under a heading in the user’s language', () => {
    show('A claim.[^1]\n\n[^1]: The source.', { language: 'ja' });
    const section = root().querySelector('section[data-footnotes]')!;
    expect(within(section as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe('脚注');
    expect(section.textContent).toContain('The source.');
  });

  it('opens http(s) and mailto links; javascript:, data:, file: and relative links are not links', () => {
    show(
      '[web](https://example.com/a) [mail](mailto:a@example.com) [js](javascript:alert(1)) [data](data:text/html,<script>alert(1)</script>) [file](file:///etc/passwd) [rel](/settings)',
    );
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['web', 'https://example.com/a'],
      ['mail', 'mailto:a@example.com'],
    ]);
    for (const text of ['js', 'data', 'file', 'rel']) expect(screen.getByText(text).closest('a')).toBeNull();
  });

  it('shows raw HTML as the text the model wrote and creates none of its elements', () => {
    show('<script>window.pwned = 1</script>\n\nHi <img src=x onerror="window.pwned=2"> <iframe src="https://evil.example"></iframe> <b>bold?</b>');
    const el = root();
    expect(el.querySelector('script, img, iframe, b')).toBeNull();
    expect(el.textContent).toContain('<script>window.pwned = 1</script>');
    expect(el.textContent).toContain('<img src=x onerror="window.pwned=2">');
    expect(el.textContent).toContain('<b>bold?</b>');
    // An HTML block reads as a paragraph of its own; inline HTML stays in its sentence.
    expect([...el.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      '<script>window.pwned = 1</script>',
      'Hi <img src=x onerror="window.pwned=2"> <iframe src="https://evil.example"></iframe> <b>bold?</b>',
    ]);
  });

  it('does not fetch images: an image is a link named by its alt text', () => {
    show('![a chart](https://example.com/chart.png) ![pixel](data:image/png;base64,AAAA)');
    expect(root().querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'a chart' }).getAttribute('href')).toBe('https://example.com/chart.png');
    expect(screen.getByText('pixel').closest('a')).toBeNull();
  });

  it('highlights a fenced code block and labels it with its language', async () => {
    show('```ts\nconst answer: number = 42; // the answer\n```');
    const block = screen.getByTestId('code-block');
    expect(block.querySelector('.markdown__code-language')?.textContent).toBe('ts');
    const code = block.querySelector('pre code')!;
    expect(code.textContent).toBe('const answer: number = 42; // the answer');
    await waitFor(() => expect(code.getAttribute('data-highlighted')).toBe('true'));
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(code.querySelector('.hljs-number')?.textContent).toBe('42');
    expect(code.querySelector('.hljs-comment')?.textContent).toBe('// the answer');
    expect(code.textContent).toBe('const answer: number = 42; // the answer');
  });

  it('shows code in a language the highlighter does not know, and code without a language, as plain text', async () => {
    show('```klingon\nQapla!\n```\n\n```\nplain <b>text</b>\n```');
    const [unknown, plain] = screen.getAllByTestId('code-block');
    expect(unknown!.querySelector('.markdown__code-language')?.textContent).toBe('klingon');
    expect(unknown!.querySelector('pre code')?.textContent).toBe('Qapla!');
    expect(plain!.querySelector('pre code')?.textContent).toBe('plain <b>text</b>');
    expect(plain!.querySelector('b')).toBeNull();
  });

  it('copies a code block to the clipboard and says so', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    show('```sh\nnpm install\nnpm test\n```');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith('npm install\nnpm test');
  });

  it('says so when the clipboard refuses, and reads "Copy" again after a moment', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard);
    show('```sh\nls\n```');
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      await act(async () => {});
      expect(screen.getByRole('button', { name: 'Not copied' })).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['zh', '复制', '已复制'],
    ['ja', 'コピー', 'コピーしました'],
  ] as const)('labels the copy button in %s', async (language, copy, copied) => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: () => Promise.resolve() } as unknown as Clipboard);
    show('```js\nx\n```', { language });
    fireEvent.click(screen.getByRole('button', { name: copy }));
    expect(await screen.findByRole('button', { name: copied })).toBeTruthy();
  });

  it('typesets $…$ and $$…$$ with KaTeX once it has loaded, the source showing until then', async () => {
    show('Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$');
    // The first formula on screen asks for KaTeX; until it arrives each formula shows its source.
    expect([...root().querySelectorAll('.markdown__math-source')].map((el) => el.textContent)).toEqual(['e^{i\\pi} + 1 = 0', '\\int_0^1 x\\,dx = \\frac{1}{2}']);
    await waitFor(() => expect(root().querySelectorAll('.katex')).toHaveLength(2));
    expect(root().querySelector('.katex-display')).toBeTruthy();
    expect(root().querySelector('.katex annotation')?.textContent).toBe('e^{i\\pi} + 1 = 0');
    expect(root().querySelector('.katex-mathml math')).toBeTruthy();
  });

  it('reads prices as prices, not as a formula between two dollar signs', async () => {
    show('It costs $5 and $10, or $x^2$ per unit.');
    await waitFor(() => expect(root().querySelectorAll('.katex')).toHaveLength(1));
    expect(root().textContent).toContain('It costs $5 and $10, or ');
    expect(root().querySelector('.katex annotation')?.textContent).toBe('x^2');
  });

  it('shows a formula that is not valid TeX as its source', async () => {
    show('Half-written: $\\frac{1}{$ and $x^2$');
    await waitFor(() => expect(root().querySelectorAll('.katex')).toHaveLength(1));
    expect(root().querySelector('.markdown__math-source')?.textContent).toBe('\\frac{1}{');
  });

  it('does not let a formula make links (KaTeX trust stays off)', async () => {
    show('$\\href{javascript:alert(1)}{click}$ and $\\url{https://example.com}$');
    await waitFor(() => expect(root().querySelector('.katex, .katex-error')).toBeTruthy());
    expect(root().querySelector('a')).toBeNull();
  });
});

describe('MessageText', () => {
  it('shows the user’s words as typed, keeping line breaks, without reading Markdown', () => {
    renderApp(<MessageText text={'# not a heading\n**def** f(*args)'} markdown={false} />);
    expect(screen.queryByRole('heading')).toBeNull();
    const text = screen.getByText(/not a heading/);
    expect(text.textContent).toBe('# not a heading\n**def** f(*args)');
    expect(text.tagName).toBe('P');
  });

  it('renders the assistant’s text as Markdown', () => {
    renderApp(<MessageText text={'# A heading'} markdown />);
    expect(screen.getByRole('heading', { level: 1, name: 'A heading' })).toBeTruthy();
  });
});
