/**
 * The Markdown grammar answers are read with: CommonMark + GFM (tables, task lists, strikethrough,
 * autolinks, footnotes) + math (`$…$`, `$$…$$`). The block splitter parses with exactly these, so a
 * split never cuts a table, list or `$$` block that the renderer would read as one.
 */
import type { Root as MdastRoot, Text } from 'mdast';
import remarkGfm, { type Options as GfmOptions } from 'remark-gfm';
import remarkMath from 'remark-math';
import type { PluggableList, Plugin } from 'unified';
import { SKIP, visit } from 'unist-util-visit';

/**
 * A single `~` is not strikethrough: "1~2 days" and the CJK range "3～5日" written with an ASCII
 * tilde would otherwise strike text through.
 */
export const GFM_OPTIONS: GfmOptions = { singleTilde: false };

/** mdast nodes whose children are blocks (flow content), not phrasing. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Raw HTML is shown as the text the model wrote, never parsed into elements: `<b>` reads "<b>", and
 * a `<script>` cannot run because it never becomes one. (remark-rehype would silently drop it,
 * which hides what the model said.)
 */
export const remarkHtmlAsText: Plugin<[], MdastRoot> = function () {
  return (tree) => {
    visit(tree, 'html', (node, index, parent) => {
      if (!parent || index === undefined) return;
      const text: Text = { type: 'text', value: node.value };
      if (node.position) text.position = node.position;
      // An HTML block stands where a paragraph would; inline HTML stays inside its paragraph.
      parent.children[index] = FLOW_PARENTS.has(parent.type) ? { type: 'paragraph', children: [text] } : text;
      return SKIP;
    });
  };
};

/**
 * Prices are not formulas: "$5 and $10" pairs two dollars into "5 and " as inline math. Pandoc's
 * rule decides: a `$…$` whose content starts or ends with a space, or whose closing `$` is followed
 * by a digit, is plain text.
 */
export const remarkDollarPrices: Plugin<[], MdastRoot> = function () {
  return (tree, file) => {
    const source = String(file);
    visit(tree, 'inlineMath', (node, index, parent) => {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (!parent || index === undefined || start === undefined || end === undefined) return;
      const raw = source.slice(start, end);
      if (raw.startsWith('$$')) return;
      if (!/^\s|\s$/.test(node.value) && !/^\d/.test(source.slice(end))) return;
      parent.children[index] = { type: 'text', value: raw, position: node.position! };
      return SKIP;
    });
  };
};

/** For the block splitter: how the text is divided into blocks. */
export const PARSE_PLUGINS: PluggableList = [[remarkGfm, GFM_OPTIONS], remarkMath];

/** For rendering: the same grammar, then what Elftia does with raw HTML and prices. */
export const REMARK_PLUGINS: PluggableList = [...PARSE_PLUGINS, remarkHtmlAsText, remarkDollarPrices];
