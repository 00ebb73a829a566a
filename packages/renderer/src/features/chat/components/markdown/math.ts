/**
 * Math typesetting, loaded on demand (lazyModule) the first time an answer holds a formula: KaTeX
 * with its stylesheet and fonts.
 *
 * KaTeX builds the formula as DOM nodes and sets their styles through CSSOM, which the page's CSP
 * (no inline styles) allows — unlike parsing its HTML string, whose style attributes the CSP blocks.
 * `trust` stays off, so \href, \url and \htmlClass in a model's formula never become links or
 * attributes.
 */
import 'katex/dist/katex.min.css';
import katex from 'katex';

/** Typesets `tex` into `element`; throws when it is not valid TeX (KaTeX's ParseError). */
export function renderMath(tex: string, element: HTMLElement, display: boolean): void {
  katex.render(tex, element, { displayMode: display, throwOnError: true, trust: false, strict: 'ignore', output: 'htmlAndMathml' });
}
