import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import { CodeBlock } from './CodeBlock';

// react-markdown's own hast types (its @types/hast may differ from the renderer's by a patch).
type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

function textOf(nodes: ElementContent[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '')).join('');
}

function classesOf(element: Element | undefined): string[] {
  const value = element?.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * `pre > code` from a fence: a CodeBlock named by its `language-*` class. A `$$` formula arrives as
 * `pre > code.language-math` when KaTeX has not loaded yet (rehype-katex replaces it once it has):
 * its source shows meanwhile.
 */
export function MarkdownPre({ node }: ComponentProps<'pre'> & ExtraProps) {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const text = textOf(code?.children ?? []).replace(/\n$/, '');
  const language = classesOf(code).find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
  if (language === 'math') return <div className="markdown__math-source">{text}</div>;
  return <CodeBlock code={text} language={language} />;
}

/** Inline code; an inline `$…$` formula before KaTeX has loaded shows its source. */
export function MarkdownCode({ node, children }: ComponentProps<'code'> & ExtraProps) {
  const math = classesOf(node).includes('language-math');
  return <code className={math ? 'markdown__math-source' : undefined}>{children}</code>;
}

/** A wide table scrolls sideways inside the message instead of widening it. */
export function MarkdownTable({ children }: ComponentProps<'table'> & ExtraProps) {
  return (
    <div className="markdown__table">
      <table>{children}</table>
    </div>
  );
}
