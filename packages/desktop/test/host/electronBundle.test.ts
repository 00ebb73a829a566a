/**
 * Builds the shell with vite.electron.config.ts (in memory) and checks the constraints a real
 * Electron imposes that no other test can: a sandboxed preload is one CommonJS file that
 * requires nothing but 'electron'; the main bundle leaves Electron and the native addon external.
 */
import { describe, expect, it } from 'vitest';
import { createBuilder, type Rolldown } from 'vite';

const CONFIG = new URL('../../vite.electron.config.ts', import.meta.url).pathname;

async function buildEnvironment(name: 'main' | 'preload'): Promise<Rolldown.OutputChunk> {
  const builder = await createBuilder({ configFile: CONFIG, logLevel: 'silent', build: { write: false } });
  const environment = builder.environments[name];
  if (!environment) throw new Error(`no ${name} environment`);
  const output = await builder.build(environment);
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.isEntry);
  if (!chunk) throw new Error(`no entry chunk for ${name}`);
  return chunk;
}

describe('vite.electron.config.ts', () => {
  it('bundles the preload as CommonJS requiring only electron', async () => {
    const preload = await buildEnvironment('preload');
    expect(preload.fileName).toBe('preload.cjs');
    const required = [...preload.code.matchAll(/require\((["'])([^"']+)\1\)/g)].map((m) => m[2]);
    expect(required).toEqual(['electron']);
    expect(preload.code).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload.code).toContain('exposeInMainWorld("electronTRPC"');
  });

  it('bundles main as an ES module with electron and better-sqlite3 left external', async () => {
    const main = await buildEnvironment('main');
    expect(main.fileName).toBe('main.js');
    expect(main.imports).toEqual(expect.arrayContaining(['electron', 'better-sqlite3', 'trpc-electron/main']));
    expect(main.code).toMatch(/^import .* from "electron";$/m);
  });
});
