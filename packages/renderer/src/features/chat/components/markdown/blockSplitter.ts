/**
 * Splits an answer into its top-level Markdown blocks (a paragraph, a list, a table, a fenced code
 * block, a `$$` formula) so each renders on its own and a finished block is never rendered again
 * while the answer streams. Blocks come from the real parser (remark with the renderer's grammar),
 * not from guessing at lines.
 *
 * Text only grows at the end, so a block followed by two others cannot change any more: each call
 * re-parses only the last two blocks, and the cost per token is their length, not the answer's.
 */
import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { PARSE_PLUGINS } from './markdownSyntax';

const parser = unified().use(remarkParse).use(PARSE_PLUGINS).freeze();

/**
 * Where each top-level block of `text` starts (at the start of its line, so indentation stays with
 * it); undefined when the text defines a link reference or footnote, which blocks elsewhere use.
 */
function blockStarts(text: string): number[] | undefined {
  const tree = parser.parse(text) as Root;
  const starts: number[] = [];
  for (const node of tree.children) {
    if (node.type === 'definition' || node.type === 'footnoteDefinition') return undefined;
    const offset = node.position?.start.offset ?? 0;
    starts.push(offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1);
  }
  return starts;
}

/**
 * How many blocks at the end are parsed again on each call. Two, not one: the last block can turn
 * into a continuation of the one before — "1. a\n\n2" is a list and a paragraph until the "." makes
 * the 2 a second item of the list.
 */
const OPEN_BLOCKS = 2;

/** One splitter per streaming message: it remembers the blocks already final. */
export class BlockSplitter {
  private text = '';
  /** Blocks that can no longer change, in order (each with the blank lines after it). */
  private final: string[] = [];
  /** Where the blocks that may still change start in `text`. */
  private tailStart = 0;
  /**
   * Definitions apply across blocks ([x]: url defines every [x] in the answer), so an answer with one
   * renders as a single block.
   */
  private whole = false;

  /** The blocks of `text`. Text that extends the previous call's reuses its final blocks. */
  split(text: string): string[] {
    if (!text.startsWith(this.text)) {
      this.final = [];
      this.tailStart = 0;
      this.whole = false;
    }
    this.text = text;
    if (!this.whole) {
      const tail = text.slice(this.tailStart);
      const starts = blockStarts(tail);
      if (starts) {
        const blocks = starts.map((start, i) => tail.slice(start, starts[i + 1]));
        const open = Math.max(0, blocks.length - OPEN_BLOCKS);
        this.final.push(...blocks.slice(0, open));
        if (open < starts.length) this.tailStart += starts[open]!;
        return [...this.final, ...blocks.slice(open)];
      }
      this.whole = true;
    }
    return text.trim() === '' ? [] : [text];
  }
}

/** The blocks of a finished text, parsed in one go. */
export function splitBlocks(text: string): string[] {
  return new BlockSplitter().split(text);
}
