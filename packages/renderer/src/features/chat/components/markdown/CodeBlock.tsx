import type { RootContent } from 'hast';
import { type ReactNode, useMemo } from 'react';
import { CopyButton } from './CopyButton';
import { useLazyModule } from './lazyModule';
import { highlighterModule } from './modules';

/** lowlight's tree is text inside `<span class="hljs-…">`: rendered as React elements, never as an HTML string. */
function renderTokens(nodes: RootContent[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const className = node.properties.className;
    return (
      // Tokens never reorder: a highlighted tree is rebuilt, not edited.
      <span key={index} className={Array.isArray(className) ? className.join(' ') : undefined}>
        {renderTokens(node.children)}
      </span>
    );
  });
}

/**
 * A fenced code block: its language on a bar with a copy button, the code highlighted once the
 * highlighter has loaded (plain until then, and for languages it does not know).
 */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  const highlighter = useLazyModule(highlighterModule, language !== '');
  const tree = useMemo(() => highlighter?.highlight(code, language), [highlighter, code, language]);
  return (
    <div className="markdown__code" data-testid="code-block" data-language={language || undefined}>
      <div className="markdown__code-bar">
        <span className="markdown__code-language">{language}</span>
        <CopyButton text={code} />
      </div>
      <pre className="markdown__code-body">
        <code className={tree ? `hljs language-${language}` : undefined} data-highlighted={tree ? 'true' : undefined}>
          {tree ? renderTokens(tree.children) : code}
        </code>
      </pre>
    </div>
  );
}
