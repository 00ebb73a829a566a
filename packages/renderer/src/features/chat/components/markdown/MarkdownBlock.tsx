import { memo, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import type { PluggableList } from 'unified';
import { MarkdownCode, MarkdownPre, MarkdownTable } from './codeElements';
import { useLazyModule } from './lazyModule';
import { MarkdownImage, MarkdownLink } from './links';
import { REMARK_PLUGINS } from './markdownSyntax';
import { mathModule } from './modules';

/**
 * GitHub's sanitizing rules (rehype-sanitize's default), plus the classes remark-math gives formulas
 * so KaTeX can find them after sanitizing.
 */
const SANITIZE_SCHEMA = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, code: [['className', /^language-./, 'math-inline', 'math-display']] },
};

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
export const MarkdownBlock = memo(function MarkdownBlock({ source, streaming }: { source: string; streaming: boolean }) {
  const math = useLazyModule(mathModule, source.includes('$'));
  const rehypePlugins = useMemo<PluggableList>(
    () => (math ? [[rehypeSanitize, SANITIZE_SCHEMA], [math.rehypeKatex, math.katexOptions(streaming)]] : [[rehypeSanitize, SANITIZE_SCHEMA]]),
    [math, streaming],
  );
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={rehypePlugins} components={COMPONENTS}>
      {source}
    </ReactMarkdown>
  );
});
