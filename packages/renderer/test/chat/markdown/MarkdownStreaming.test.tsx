/**
 * An answer rendered token by token, the way ChatView shows a streaming message: what is on screen
 * at every step, and how much of it renders again.
 */
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/features/chat/components/markdown/Markdown';
import { renderApp } from '../../helpers/renderApp';

/** Every source react-markdown was asked to render, in order. */
const rendered = vi.hoisted(() => [] as string[]);

vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  const Counted = (props: Parameters<typeof actual.default>[0]) => {
    rendered.push(String(props.children));
    return actual.default(props);
  };
  return { ...actual, default: Counted };
});

/** Renders `text` streamed `step` characters at a time, calling `check` after each step; ends finished. */
function stream(text: string, step: number, check: (root: HTMLElement, shown: string) => void = () => {}) {
  const view = (shown: string, streaming: boolean): ReactNode => <Markdown text={shown} streaming={streaming} />;
  const app = renderApp(view('', true));
  for (let end = step; end < text.length + step; end += step) {
    const shown = text.slice(0, end);
    app.rerender(view(shown, true));
    check(screen.getByTestId('markdown'), shown);
  }
  app.rerender(view(text, false));
  return screen.getByTestId('markdown');
}

const paragraphs = (count: number) => Array.from({ length: count }, (_, i) => `Paragraph ${i + 1} has **some** words in it.`);

describe('Markdown while streaming', () => {
  it('renders a finished block at most twice (as the growing end, then once final), however long the answer grows', () => {
    rendered.length = 0;
    const text = ['# Title', ...paragraphs(30)].join('\n\n');
    const root = stream(text, 4);
    expect(root.querySelectorAll('p')).toHaveLength(30);
    const title = rendered.filter((source) => source === '# Title\n\n');
    const fifth = rendered.filter((source) => source === 'Paragraph 5 has **some** words in it.\n\n');
    expect(title.length).toBeGreaterThanOrEqual(1);
    expect(title.length).toBeLessThanOrEqual(2);
    expect(fifth.length).toBeLessThanOrEqual(2);
    // Every step renders the growing end and not the whole answer: about one block per step, not 31.
    const steps = Math.ceil(text.length / 4);
    expect(rendered.length).toBeLessThan(steps * 3);
    // ~300 re-renders in jsdom: about a second alone, several on a loaded shared machine.
  }, 30_000);

  it('renders at most two blocks per streamed token — the growing end, and a block as it becomes final — at the end of a long answer as at its start', () => {
    const text = paragraphs(60).join('\n\n');
    const perStep: number[] = [];
    let before = 0;
    rendered.length = 0;
    stream(text, 4, () => {
      perStep.push(rendered.length - before);
      before = rendered.length;
    });
    expect(Math.max(...perStep)).toBeLessThanOrEqual(2);
    // Two only where a paragraph was completed: about once per paragraph, not on every step.
    expect(perStep.filter((count) => count === 2).length).toBeLessThanOrEqual(60);
    expect(perStep.slice(-20).reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(perStep.slice(0, 20).reduce((sum, count) => sum + count, 0) + 2);
  }, 30_000);

  it('never shows a table as a paragraph of pipes while its header arrives', () => {
    const root = stream('Scores:\n\n| Name | Score |\n|------|------:|\n| Ada | 10 |\n| Alan | 9 |\n', 1, (el) => {
      for (const p of el.querySelectorAll('p')) expect(p.textContent).not.toContain('|');
    });
    expect(root.querySelectorAll('tr')).toHaveLength(3);
  });

  it('never shows the ** of bold text, nor a list marker as a heading underline', () => {
    stream('Intro line\n- **first** item\n- second *item*\n', 1, (el, shown) => {
      expect(el.textContent, shown).not.toMatch(/\*/);
      expect(el.querySelector('h1, h2'), shown).toBeNull();
    });
  });

  it('labels a code block with its whole language name only', () => {
    const labels = new Set<string>();
    const root = stream('Run:\n\n```python\nprint("hi")\n```\n\nDone.', 1, (el) => {
      const label = el.querySelector('.markdown__code-language')?.textContent;
      if (label !== undefined) labels.add(label);
    });
    expect([...labels]).toEqual(['python']);
    expect(root.querySelector('pre code')?.textContent).toBe('print("hi")');
  });
});
