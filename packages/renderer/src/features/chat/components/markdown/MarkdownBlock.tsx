import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
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
  const { t } = useTranslation();
  // The footnotes' heading (read by screen readers) in the user's language instead of "Footnotes".
  const remarkRehypeOptions = useMemo<Options['remarkRehypeOptions']>(() => ({ footnoteLabel: t('chat/markdown:footnotes') }), [t]);
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} remarkRehypeOptions={remarkRehypeOptions} rehypePlugins={REHYPE_PLUGINS} components={COMPONENTS}>
      {source}
    </ReactMarkdown>
  );
});
