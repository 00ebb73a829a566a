import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import type { PluggableList } from 'unified';
import { MarkdownCode, MarkdownPre, MarkdownTable } from './codeElements';
import { MarkdownImage, MarkdownLink } from './links';
import { REMARK_PLUGINS } from './markdownSyntax';

/**
 * GitHub's sanitizing rules (rehype-sanitize's default schema): no scripts, no event handlers, no
 * styles, URLs limited to safe schemes. Formulas keep the `language-math` class remark-math gives them.
 */
const REHYPE_PLUGINS: PluggableList = [rehypeSanitize];

const COMPONENTS: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: MarkdownPre,
  code: MarkdownCode,
  table: MarkdownTable,
};

/**
 * One top-level block of an answer. Memoized on its source: while an answer streams only its last
 * block changes, and only that one renders again.
 */
export const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS} components={COMPONENTS}>
      {source}
    </ReactMarkdown>
  );
});
