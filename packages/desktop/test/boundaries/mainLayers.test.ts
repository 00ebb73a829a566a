/**
 * The main process's layering (packages/desktop/app/main): every import follows the rule table of
 * mainRules.ts, no import cycle between folders, none between files. docs/architecture.md shows the
 * same table, and test/docs/architecture.test.ts checks the two agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Graph, cyclicComponents, findCycles } from './graph';
import { importSpecifiers, listSourceFiles, resolveRelative } from './imports';
import { ALLOWED, ROOT } from './mainRules';

const REPO = path.resolve(import.meta.dirname, '../../../..');
export const MAIN = 'packages/desktop/app/main/';
const SHARED = 'packages/desktop/app/shared/';
export type SourceFile = { file: string; source: string };

/** `packages/desktop/app/main/mcp/process/x.ts` → `mcp`; a file directly in main → ROOT; outside main → undefined. */
export function folderOf(file: string): string | undefined {
  if (!file.startsWith(MAIN)) return undefined;
  const parts = file.slice(MAIN.length).split('/');
  return parts.length === 1 ? ROOT : parts[0];
}

type Edge = { from: string; to: string; specifier: string };

/** Every relative import of a main file that names a file of the list, resolved to it. */
export function mainImports(files: readonly SourceFile[]): Edge[] {
  const known = new Set(files.map((f) => f.file));
  return files
    .filter(({ file }) => file.startsWith(MAIN))
    .flatMap(({ file, source }) => {
      return importSpecifiers(source).flatMap((specifier) => {
        const to = resolveRelative(file, specifier, (candidate) => known.has(candidate));
        return to ? [{ from: file, to, specifier }] : [];
      });
    });
}

/** Imports that break the table, type-only ones included (a type couples the folders as much as a value). */
export function layerViolations(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const { file, source } of files.filter((f) => f.file.startsWith(MAIN))) {
    const from = folderOf(file)!;
    const allowed = ALLOWED[from];
    if (!allowed) {
      problems.push(`${file}: folder '${from}' has no row in the rule table`);
      continue;
    }
    for (const specifier of importSpecifiers(source).filter((s) => s.startsWith('.'))) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (target.startsWith(SHARED)) continue;
      const to = folderOf(target);
      if (to === undefined) problems.push(`${file} imports '${specifier}', outside main/ and shared/`);
      else if (to !== from && !allowed.includes(to)) problems.push(`${file} imports '${specifier}' (${from} → ${to})`);
    }
  }
  return problems;
}

export function folderGraph(files: readonly SourceFile[]): Graph {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of mainImports(files)) {
    const [a, b] = [folderOf(from)!, folderOf(to)];
    if (b === undefined || a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/**
 * The file graph, type-only imports included: none closes a cycle today, and a cycle through types
 * still means two files that cannot be read, or moved, one without the other.
 */
export function fileGraph(files: readonly SourceFile[]): Graph {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of mainImports(files)) {
    if (to.startsWith(MAIN)) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
  return graph;
}

function repoSources(): SourceFile[] {
  return listSourceFiles(path.join(REPO, 'packages/desktop/app')).map((full) => ({
    file: path.relative(REPO, full).split(path.sep).join('/'),
    source: fs.readFileSync(full, 'utf8'),
  }));
}

describe('the main process layering, on the real tree', () => {
  const sources = repoSources();

  it('scans every folder of main, and every folder has a row', () => {
    const folders = new Set(sources.map((f) => folderOf(f.file)).filter((f) => f !== undefined));
    const onDisk = fs.readdirSync(path.join(REPO, MAIN), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect([...folders].sort()).toEqual([ROOT, ...onDisk].sort());
    expect(Object.keys(ALLOWED).sort()).toEqual([ROOT, ...onDisk].sort());
    // Resolution works: the engine's imports of mcp/ are found as files.
    expect(mainImports(sources).some(({ from, to }) => from.startsWith(`${MAIN}engine/`) && to.startsWith(`${MAIN}mcp/`))).toBe(true);
  });

  it('every import follows the rule table', () => {
    expect(layerViolations(sources)).toEqual([]);
  });

  it('no import cycle between folders', () => {
    expect(cyclicComponents(folderGraph(sources))).toEqual([]);
  });

  it('no import cycle between files, type-only imports included', () => {
    const graph = fileGraph(sources);
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph).map((cycle) => cycle.map((f) => f.slice(MAIN.length)).join(' → '))).toEqual([]);
  });
});

describe('the layering checks, on synthetic files', () => {
  const file = (name: string, ...imports: string[]): SourceFile => ({ file: `${MAIN}${name}`, source: imports.join('\n') });

  it('resolves relative specifiers to files: extension, index, .js for .ts, and nothing for a package', () => {
    const known = new Set([`${MAIN}mcp/McpService.ts`, `${MAIN}mcp/process/index.ts`, `${MAIN}lib/clock.ts`]);
    const exists = (f: string) => known.has(f);
    expect(resolveRelative(`${MAIN}engine/tools/A.ts`, '../../mcp/McpService', exists)).toBe(`${MAIN}mcp/McpService.ts`);
    expect(resolveRelative(`${MAIN}engine/tools/A.ts`, '../../mcp/process', exists)).toBe(`${MAIN}mcp/process/index.ts`);
    expect(resolveRelative(`${MAIN}mcp/A.ts`, '../lib/clock.js', exists)).toBe(`${MAIN}lib/clock.ts`);
    expect(resolveRelative(`${MAIN}mcp/A.ts`, './missing', exists)).toBeUndefined();
    expect(resolveRelative(`${MAIN}mcp/A.ts`, 'zod', exists)).toBeUndefined();
  });

  it('flags db importing a service, mcp importing the engine or chat, lib importing a domain, a service importing a router', () => {
    const files = [
      file('db/ConversationRepository.ts', "import type { EngineMessage } from '../completion/types';", "import { AppError } from '../lib/errors';"),
      file('db/McpServerRepository.ts', "import type { SecretStore } from '../secrets/SecretStore';"),
      file('mcp/McpService.ts', "import { McpToolAdapter } from '../engine/tools/McpToolAdapter';", "import { clock } from '../lib/clock';"),
      file('mcp/process/x.ts', "import { ChatService } from '../../chat/ChatService';"),
      file('tools/ToolsLoader.ts', "import { McpService } from '../mcp/McpService';", "import { RunningTurn } from '../chat/RunningTurn';"),
      file('engine/TinyElfEngine.ts', "import { Db } from '../db/database';", "import { McpService } from '../mcp/McpService';"),
      file('lib/eventHub.ts', "import { McpService } from '../mcp/McpService';", "import { x } from './clock';"),
      file('chat/ChatService.ts', "import { chatRouter } from '../routers/ChatRouter';", "import { z } from '../../shared/contracts/chat';"),
      file('routers/ChatRouter.ts', "import { ChatService } from '../chat/ChatService';", "import type { AppServices } from '../index';"),
      file('index.ts', "import { McpService } from './mcp/McpService';", "import { serve } from './host/headlessHost';"),
      file('host/cli.ts', "import { appRouter } from '../routers/appRouter';", "import { createAppServices } from '../index';"),
      file('electron/app.ts', "import { startHost } from '../host/headlessHost';"),
      file('mcp/odd.ts', "import x from '../../preload/index';"),
      file('newfolder/x.ts', "import { y } from '../lib/clock';"),
    ];
    expect(layerViolations(files)).toEqual([
      `${MAIN}db/ConversationRepository.ts imports '../completion/types' (db → completion)`,
      `${MAIN}db/McpServerRepository.ts imports '../secrets/SecretStore' (db → secrets)`,
      `${MAIN}mcp/McpService.ts imports '../engine/tools/McpToolAdapter' (mcp → engine)`,
      `${MAIN}mcp/process/x.ts imports '../../chat/ChatService' (mcp → chat)`,
      `${MAIN}tools/ToolsLoader.ts imports '../chat/RunningTurn' (tools → chat)`,
      `${MAIN}engine/TinyElfEngine.ts imports '../db/database' (engine → db)`,
      `${MAIN}lib/eventHub.ts imports '../mcp/McpService' (lib → mcp)`,
      `${MAIN}chat/ChatService.ts imports '../routers/ChatRouter' (chat → routers)`,
      `${MAIN}index.ts imports './host/headlessHost' (${ROOT} → host)`,
      `${MAIN}mcp/odd.ts imports '../../preload/index', outside main/ and shared/`,
      `${MAIN}newfolder/x.ts: folder 'newfolder' has no row in the rule table`,
    ]);
  });

  it('finds a folder cycle and the file cycles, a type-only one included', () => {
    const files = [
      file('db/ConversationRepository.ts', "import type { EngineMessage } from '../completion/types';"),
      file('completion/types.ts', "import { redact } from '../mcp/redact';"),
      file('mcp/redact.ts', "import { Repo } from '../db/ConversationRepository';"),
      file('lib/a.ts', "import { b } from './b';"),
      file('lib/b.ts', "import { c } from './c';"),
      file('lib/c.ts', "import { a } from './a';"),
      file('lib/d.ts', "import type { E } from './e';"),
      file('lib/e.ts', "import { d } from './d';"),
    ];
    expect(cyclicComponents(folderGraph(files))).toEqual([['completion', 'db', 'mcp']]);
    expect(findCycles(fileGraph(files))).toEqual([
      [`${MAIN}completion/types.ts`, `${MAIN}mcp/redact.ts`, `${MAIN}db/ConversationRepository.ts`, `${MAIN}completion/types.ts`],
      [`${MAIN}lib/a.ts`, `${MAIN}lib/b.ts`, `${MAIN}lib/c.ts`, `${MAIN}lib/a.ts`],
      [`${MAIN}lib/d.ts`, `${MAIN}lib/e.ts`, `${MAIN}lib/d.ts`],
    ]);
  });
});
