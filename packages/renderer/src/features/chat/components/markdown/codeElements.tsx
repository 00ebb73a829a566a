import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import { CodeBlock } from './CodeBlock';
import { MathFormula } from './MathFormula';

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

/** `pre > code` from a fence: a CodeBlock named by its `language-*` class; a `$$` formula (remark-math's `pre > code.language-math`). */
export function MarkdownPre({ node }: ComponentProps<'pre'> & ExtraProps) {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const text = textOf(code?.children ?? []).replace(/\n$/, '');
  const language = classesOf(code).find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
  if (language === 'math') return <MathFormula tex={text} display />;
  return <CodeBlock code={text} language={language} />;
}

/** Inline code, or an inline `$…$` formula (remark-math's `code.language-math`). */
export function MarkdownCode({ node, children }: ComponentProps<'code'> & ExtraProps) {
  if (classesOf(node).includes('language-math')) return <MathFormula tex={textOf(node?.children ?? [])} display={false} />;
  return <code>{children}</code>;
}

/** A wide table scrolls sideways inside the message instead of widening it. */
export function MarkdownTable({ children }: ComponentProps<'table'> & ExtraProps) {
  return (
    <div className="markdown__table">
      <table>{children}</table>
    </div>
  );
}
