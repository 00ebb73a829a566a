/**
 * Keeps docs/architecture.md true: every path it names exists, every component of its table is
 * defined in the file the table names, its dependency table is the one
 * test/boundaries/mainLayers.test.ts enforces, and the README links to it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALLOWED, DOMAINS, ROOT } from '../boundaries/mainRules';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const doc = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');

/** Where a path in the document may start: the repository, the main process (as the document says), or app/. */
const BASES = ['', 'packages/desktop/app/main/', 'packages/desktop/app/'];
const FILE_EXTENSION = /\.(ts|tsx|mts|mjs|js|json|md|css)$/;

/** Inline code spans outside fenced blocks. */
function inlineCode(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/**
 * Words of code spans that are paths: they contain a slash or end in a file extension. URLs, routes
 * (`/trpc`), bare extensions (`.mjs`) and command lines with alternatives (`a|b`) are not.
 */
export function pathsIn(markdown: string): string[] {
  const words = inlineCode(markdown).flatMap((span) => span.split(/\s+/));
  const paths = words
    .map((w) => w.replace(/[),.;:]+$/, '').replace(/^\(/, ''))
    .filter((w) => (w.includes('/') || FILE_EXTENSION.test(w)) && !/^[/.]|:\/\/|[|<>*]/.test(w));
  return [...new Set(paths)];
}

export function resolveDocPath(root: string, docPath: string): string | undefined {
  return BASES.map((base) => path.join(root, base, docPath)).find((full) => existsSync(full));
}

/** The rows of the first table after `heading`, as cells. */
function tableAfter(markdown: string, heading: string): string[][] {
  const section = markdown.slice(markdown.indexOf(`\n${heading}\n`) + 1);
  expect(section.startsWith(heading), `the document has "${heading}"`).toBe(true);
  const rows = section.split('\n').slice(1).filter((line, i, lines) => line.startsWith('|') && lines.slice(0, i).every((l) => !l.startsWith('#')));
  return rows.slice(2).map((row) => row.slice(1, -1).split('|').map((cell) => cell.trim()));
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

/** Where the component table's rows fall short: a missing file, or a file that does not define the symbol. */
export function componentProblems(root: string, rows: string[][]): string[] {
  return rows.flatMap(([component, symbolCell, fileCell]) => {
    const symbol = unquote(symbolCell!);
    const file = resolveDocPath(root, unquote(fileCell!));
    if (!file) return [`${component}: ${fileCell} does not exist`];
    const definition = new RegExp(`\\b(?:class|interface|function\\*?|const|let|type|enum)\\s+${symbol}\\b`);
    return definition.test(readFileSync(file, 'utf8')) ? [] : [`${component}: ${fileCell} does not define ${symbol}`];
  });
}

/** The dependency table: folder → allowed folders, "every domain" spelled out. */
function documentedRules(markdown: string): Record<string, string[]> {
  const rules: Record<string, string[]> = {};
  for (const [folderCell, allowedCell] of tableAfter(markdown, '## Dependency rules')) {
    const folder = unquote(folderCell!).replace(/\/$/, '');
    rules[folder] = allowedCell === '—' ? [] : allowedCell!.split(',').flatMap((part) => (part.trim() === 'every domain' ? DOMAINS : [part.trim()]));
  }
  return rules;
}

describe('docs/architecture.md', () => {
  it('names only repository paths that exist', () => {
    const paths = pathsIn(doc);
    // The map names well over a hundred files; a parser that found none would pass vacuously.
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((p) => !resolveDocPath(repoRoot, p))).toEqual([]);
  });

  it("maps every component of the original design to a file that defines it", () => {
    const rows = tableAfter(doc, "## The original design's components");
    const components = rows.map(([component]) => component!);
    for (const name of ['McpService', 'ToolsLoader', 'McpToolAdapter', 'DirectMcpToolAdapter', 'loadDirectMcpTools', 'McpProcessTracker', 'DependencyCheckService', 'McpRouter', 'McpServerForm', 'OFFICIAL_MCP_PRESETS', 'ITool', 'ToolRegistry', 'use_mcp_tool', 'search_tools', 'access_mcp_resource', 'ChatService', 'ApprovalService', 'OpenAI', 'Anthropic', 'Gemini']) {
      expect(components.some((c) => c.includes(name)), `the table lists ${name}`).toBe(true);
    }
    expect(componentProblems(repoRoot, rows)).toEqual([]);
  });

  it('shows the dependency rules the layering test enforces', () => {
    const documented = documentedRules(doc);
    const enforced = Object.fromEntries(Object.entries(ALLOWED).map(([folder, allowed]) => [folder, [...allowed].sort()]));
    expect(Object.fromEntries(Object.entries(documented).map(([folder, allowed]) => [folder, allowed.sort()]))).toEqual(enforced);
    expect(documented[ROOT]).toBeDefined();
  });

  it('is linked from the README', () => {
    expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain('(docs/architecture.md)');
  });
});

describe('the checks, on a synthetic document', () => {
  it('finds paths in code spans, and leaves routes, URLs and names alone', () => {
    const markdown = ['`mcp/McpService.ts`, `index.ts` and `e2e/nowhere.spec.ts` (`/trpc`, `http://127.0.0.1/x`, `.mjs`, `chat.send`)', '```', '`fenced/ignored.ts`', '```'].join('\n');
    const paths = pathsIn(markdown);
    expect(paths).toEqual(['mcp/McpService.ts', 'index.ts', 'e2e/nowhere.spec.ts']);
    expect(paths.filter((p) => !resolveDocPath(repoRoot, p))).toEqual(['e2e/nowhere.spec.ts']);
  });

  it('flags a component whose file is missing or does not define it', () => {
    expect(
      componentProblems(repoRoot, [
        ['McpService', '`McpService`', '`mcp/McpService.ts`'],
        ['Gone', '`Gone`', '`mcp/Gone.ts`'],
        ['Elsewhere', '`ChatService`', '`mcp/McpService.ts`'],
      ]),
    ).toEqual(['Gone: `mcp/Gone.ts` does not exist', 'Elsewhere: `mcp/McpService.ts` does not define ChatService']);
  });
});
