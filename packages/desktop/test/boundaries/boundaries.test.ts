/**
 * Runtime boundaries: 'electron' is imported only by the Electron shell
 * (packages/desktop/app/main/electron/) and the preload; packages/desktop/app/shared/ is
 * runtime-neutral and imports only zod and other shared files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, listSourceFiles } from './imports';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const PACKAGES = path.join(REPO, 'packages');
const ELECTRON_ALLOWED = ['packages/desktop/app/main/electron/', 'packages/desktop/app/preload/'];
/** The fake that stands in for 'electron' in tests, and this folder, whose fixtures are import lines in strings. */
const ELECTRON_EXEMPT = ['packages/desktop/test/fakes/', 'packages/desktop/test/boundaries/'];
const SHARED = 'packages/desktop/app/shared/';

/** 'electron' and anything that loads it at runtime (trpc-electron's main entry). */
export function isElectronImport(specifier: string): boolean {
  return specifier === 'electron' || specifier.startsWith('electron/') || specifier === 'trpc-electron/main';
}

export function electronViolations(files: { file: string; source: string }[]): string[] {
  return files
    .filter(({ file }) => ![...ELECTRON_ALLOWED, ...ELECTRON_EXEMPT].some((dir) => file.startsWith(dir)))
    .flatMap(({ file, source }) => importSpecifiers(source).filter(isElectronImport).map((s) => `${file} imports '${s}'`));
}

export function sharedViolations(files: { file: string; source: string }[]): string[] {
  return files
    .filter(({ file }) => file.startsWith(SHARED))
    .flatMap(({ file, source }) =>
      importSpecifiers(source)
        .filter((s) => {
          if (s === 'zod') return false;
          if (!s.startsWith('.')) return true;
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), s));
          return !target.startsWith(SHARED);
        })
        .map((s) => `${file} imports '${s}'`),
    );
}

function repoSources(): { file: string; source: string }[] {
  return listSourceFiles(PACKAGES).map((full) => ({
    file: path.relative(REPO, full).split(path.sep).join('/'),
    source: fs.readFileSync(full, 'utf8'),
  }));
}

describe('runtime boundaries in packages/**', () => {
  const sources = repoSources();

  it('scans the real tree (and finds the shell importing electron)', () => {
    expect(sources.length).toBeGreaterThan(20);
    const shell = sources.filter(({ file }) => file.startsWith('packages/desktop/app/main/electron/'));
    expect(shell.some(({ source }) => importSpecifiers(source).includes('electron'))).toBe(true);
  });

  it("imports 'electron' only in main/electron/ and preload/", () => {
    expect(electronViolations(sources)).toEqual([]);
  });

  it('keeps app/shared/ to zod and shared files', () => {
    expect(sources.some(({ file }) => file.startsWith(SHARED))).toBe(true);
    expect(sharedViolations(sources)).toEqual([]);
  });
});

describe('the import scanner', () => {
  it('finds static, type-only, multi-line, re-export, side-effect, dynamic and require imports', () => {
    const source = [
      "import { app } from 'electron';",
      "import type { BrowserWindow } from \"electron/main\";",
      'import {\n  a,\n  b,\n} from "./multi";',
      "export { x } from './re-export';",
      "export * from './star';",
      "import './side-effect';",
      "const m = await import('dynamic');",
      "const r = require('required');",
      "vi.mock('mocked');",
      '/* import { no } from "block-comment"; */',
      "// import { no } from 'line-comment';",
      "const url = 'ws://127.0.0.1'; // trailing",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      ['./multi', './re-export', './side-effect', './star', 'dynamic', 'electron', 'electron/main', 'mocked', 'required'].sort(),
    );
  });

  it('flags electron outside the shell and the preload, and not inside', () => {
    const files = [
      { file: 'packages/desktop/app/main/index.ts', source: "import { app } from 'electron';" },
      { file: 'packages/renderer/src/lib/trpc.ts', source: "const e = await import('electron');" },
      { file: 'packages/desktop/app/main/host/x.ts', source: "import { createIPCHandler } from 'trpc-electron/main';" },
      { file: 'packages/desktop/app/main/electron/app.ts', source: "import { app } from 'electron';" },
      { file: 'packages/desktop/app/preload/index.ts', source: "import { exposeElectronTRPC } from 'trpc-electron/main';" },
      { file: 'packages/renderer/src/lib/ipc.ts', source: "import { ipcLink } from 'trpc-electron/renderer';" },
    ];
    expect(electronViolations(files)).toEqual([
      "packages/desktop/app/main/index.ts imports 'electron'",
      "packages/renderer/src/lib/trpc.ts imports 'electron'",
      "packages/desktop/app/main/host/x.ts imports 'trpc-electron/main'",
    ]);
  });

  it('flags shared files importing Node, other packages or files outside shared', () => {
    const files = [
      { file: 'packages/desktop/app/shared/a.ts', source: "import { z } from 'zod';\nimport { b } from './contracts/b';" },
      { file: 'packages/desktop/app/shared/contracts/b.ts', source: "import fs from 'node:fs';" },
      { file: 'packages/desktop/app/shared/contracts/c.ts', source: "import { AppError } from '../../main/errors';" },
      { file: 'packages/desktop/app/shared/contracts/d.ts', source: "import React from 'react';\nimport { e } from '../e';" },
    ];
    expect(sharedViolations(files)).toEqual([
      "packages/desktop/app/shared/contracts/b.ts imports 'node:fs'",
      "packages/desktop/app/shared/contracts/c.ts imports '../../main/errors'",
      "packages/desktop/app/shared/contracts/d.ts imports 'react'",
    ]);
  });
});
