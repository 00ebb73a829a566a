/**
 * Math typesetting, loaded on demand (lazyModule) the first time an answer holds a `$`: rehype-katex
 * with KaTeX's stylesheet and fonts (about 300 kB of script, 23 kB of CSS).
 *
 * KaTeX runs after sanitizing (its own markup is trusted, the model's is not). `trust` stays off, so
 * \href, \url and \htmlClass from a model never become links or attributes.
 */
import 'katex/dist/katex.min.css';
import rehypeKatex, { type Options } from 'rehype-katex';

export { rehypeKatex };

/** A formula KaTeX cannot read shows its source: in the danger colour once final, plain while it is still arriving. */
export function katexOptions(streaming: boolean): Options {
  return { errorColor: streaming ? 'inherit' : 'var(--danger)', trust: false };
}
