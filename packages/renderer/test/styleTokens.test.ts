// @vitest-environment node
/**
 * styles.css keeps its colours in design tokens: a colour literal appears only where a token is
 * defined (the :root blocks at its top), the dark theme defines every colour the light one does,
 * and every var(--…) a rule uses is defined, so a typo cannot silently fall back to nothing.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(fileURLToPath(new URL('../src/styles.css', import.meta.url)), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Top-level rules as [selector, body]; an @media block's rules are taken from inside it. */
function rules(source: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  let depth = 0;
  let start = 0;
  let selector = '';
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '{') {
      if (depth === 0) selector = source.slice(start, i).trim();
      if (depth === 0 && selector.startsWith('@media')) {
        start = i + 1;
        depth = -1;
      }
      depth++;
      if (depth === 1) start = i + 1;
    } else if (source[i] === '}') {
      depth--;
      if (depth === 0) {
        found.push([selector, source.slice(start, i)]);
        start = i + 1;
      } else if (depth === -1) {
        depth = 0;
        start = i + 1;
      }
    }
  }
  return found;
}

const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|lab|lch|color)\(|(?<![\w-])(?:white|black|red|green|blue|gray|grey|orange|yellow|purple)(?![\w-])/gi;
const isTokenBlock = (selector: string) => /^:root(?:\[data-theme='(?:light|dark)'\]|:lang\(\w+\))?(?:,\s*:root\[data-theme='light'\])?$/.test(selector);

describe('styles.css design tokens', () => {
  const all = rules(css);

  it('finds the rules (the parse is not vacuous)', () => {
    expect(all.length).toBeGreaterThan(200);
    expect(all.filter(([selector]) => isTokenBlock(selector)).length).toBeGreaterThanOrEqual(3);
  });

  it('writes no colour outside the token definitions', () => {
    const stray = all.filter(([selector]) => !isTokenBlock(selector)).flatMap(([selector, body]) => [...body.matchAll(COLOUR)].map((m) => `${selector}: ${m[0]}`));
    expect(stray).toEqual([]);
  });

  it('gives the dark theme every colour the light one has', () => {
    const names = (selector: RegExp) =>
      all
        .filter(([s]) => selector.test(s))
        .flatMap(([, body]) => [...body.matchAll(/(--color-[\w-]+|--shadow-[\w-]+)\s*:/g)].map((m) => m[1]))
        .sort();
    const light = names(/data-theme='light'/);
    expect(light.length).toBeGreaterThan(20);
    expect(names(/^:root\[data-theme='dark'\]$/)).toEqual(light);
  });

  it('uses only variables it defines, or that Radix UI sets on its popups', () => {
    const defined = new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
    const undefinedUses = [...new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!))].filter((name) => !defined.has(name) && !name.startsWith('--radix-'));
    expect(undefinedUses).toEqual([]);
  });
});
