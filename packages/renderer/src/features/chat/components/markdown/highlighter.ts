/**
 * Syntax highlighting, loaded on demand (lazyModule): highlight.js's grammars through lowlight,
 * which returns a syntax tree (hast) that React renders as elements, so no HTML string is ever set.
 * The "common" set covers the 37 languages answers mostly use (TypeScript, Python, shell, JSON,
 * SQL, Go, Rust, C/C++, Java, …, with their aliases: ts, py, sh).
 */
import type { Root } from 'hast';
import { common, createLowlight } from 'lowlight';

const lowlight = createLowlight(common);

/** The highlighted tree of `code`, or undefined for a language the highlighter does not know. */
export function highlight(code: string, language: string): Root | undefined {
  if (language === '' || !lowlight.registered(language)) return undefined;
  return lowlight.highlight(language, code);
}
