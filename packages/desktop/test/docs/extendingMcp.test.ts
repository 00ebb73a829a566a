/**
 * Keeps docs/extending-mcp.md true: its example server (docs/examples/minimal-server) runs through
 * the real McpService exactly as the guide tells an author to add it (`node …/server.mjs`), every
 * claim the example illustrates is checked (text, image, progress resetting the timeout, cancellation,
 * isError, stderr in the log, names providers get unchanged), the code shown in the guide is the
 * file, and every repository path the guide names exists.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpToolAdapter } from '../../app/main/engine/tools/McpToolAdapter';
import type { McpProgress } from '../../app/main/mcp/boundedRequest';
import { formatToolsFor } from '../../app/main/tools';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { type Harness, closeHarness, createHarness, makeRecord, textOf, waitFor } from '../mcp/helpers';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const guidePath = path.join(repoRoot, 'docs/extending-mcp.md');
const exampleDir = path.join(repoRoot, 'docs/examples/minimal-server');
const serverScript = path.join(exampleDir, 'server.mjs');
const guide = readFileSync(guidePath, 'utf8');

/** `<!-- file: PATH -->` followed by a fenced block: the block must be that file, byte for byte. */
function embeddedFiles(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  const pattern = /<!-- file: (\S+) -->\n```[a-z]*\n([\s\S]*?)```\n/g;
  for (const match of markdown.matchAll(pattern)) out.set(match[1]!, match[2]!);
  return out;
}

/** Inline code spans outside fenced blocks. */
function inlineCode(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/** `a/{b,c}/d.json` → `a/b/d.json`, `a/c/d.json` (one brace group at a time). */
function expandBraces(token: string): string[] {
  const match = /\{([^{}]+)\}/.exec(token);
  if (!match) return [token];
  return match[1]!.split(',').flatMap((part) => expandBraces(token.slice(0, match.index) + part.trim() + token.slice(match.index + match[0].length)));
}

/** Words of a code span that name something in this repository: they start with one of its top-level folders. */
function repoPaths(spans: string[]): string[] {
  const topLevel = new Set(readdirSync(repoRoot, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('.')).map((d) => d.name));
  topLevel.delete('node_modules');
  const words = spans.flatMap((span) => span.split(/\s+/));
  const paths = words
    .map((w) => w.replace(/[),.;:]+$/, '').replace(/^\(/, ''))
    .filter((w) => w.includes('/') && topLevel.has(w.split('/')[0]!))
    .flatMap(expandBraces)
    // A trailing `/*` means "the files in this folder".
    .map((w) => w.replace(/\/\*$/, ''));
  return [...new Set(paths)];
}

describe('docs/extending-mcp.md', () => {
  it('shows the example server and its package.json exactly as they are', () => {
    const embedded = embeddedFiles(guide);
    for (const file of ['docs/examples/minimal-server/server.mjs', 'docs/examples/minimal-server/package.json']) {
      expect(embedded.get(file), `the guide embeds ${file}`).toBe(readFileSync(path.join(repoRoot, file), 'utf8'));
    }
  });

  it('names only repository paths that exist', () => {
    const paths = repoPaths(inlineCode(guide));
    // The guide walks through dozens of files; a parser that found none would pass vacuously.
    expect(paths.length).toBeGreaterThan(30);
    const missing = paths.filter((p) => !existsSync(path.join(repoRoot, p)));
    expect(missing).toEqual([]);
  });

  it('is linked from the README', () => {
    expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain('(docs/extending-mcp.md)');
  });
});

describe('the example server, added as the guide says, through McpService', () => {
  let harness: Harness;
  let server: McpServerRecord;

  beforeAll(async () => {
    // What an author types in the Tools tab: command `node`, one argument, the script's absolute path.
    server = makeRecord({ name: 'example', type: 'stdio', config: { command: 'node', args: [serverScript] } });
    harness = createHarness([server]);
    await harness.service.connect(server.id);
  });

  afterAll(async () => {
    await closeHarness(harness);
  });

  it('connects, and its stderr is the server log', async () => {
    expect(await harness.service.getState(server.id)).toMatchObject({ status: 'connected', serverInfo: { name: 'elftia-example', version: '1.0.0' }, toolCount: 4 });
    await waitFor(() => harness.service.getLogs(server.id).some((e) => e.text.includes('elftia-example MCP server running on stdio')), 5000, 'the startup line in the log');
  });

  it('offers four tools whose names every provider gets unchanged', async () => {
    const tools = await harness.service.listServerTools(server.id);
    expect(tools.map((t) => t.id).sort()).toEqual(['mcp__example__color_swatch', 'mcp__example__divide', 'mcp__example__greet', 'mcp__example__slow_count']);
    for (const format of ['openai', 'anthropic', 'google'] as const) {
      const formatted = formatToolsFor(tools, format);
      expect(formatted.dropped).toEqual([]);
      expect([...formatted.nameMap.keys()].sort()).toEqual(tools.map((t) => t.id).sort());
    }
    const greet = tools.find((t) => t.name === 'greet');
    expect(greet?.inputSchema).toMatchObject({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
    expect(greet?.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('greet answers with text', async () => {
    const result = await harness.service.callTool(server.id, 'greet', { name: 'Elftia' }, 'greet-1');
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Elftia!' }]);
  });

  it('color_swatch returns a valid PNG of that color; the model reads a placeholder, the chat gets the image', async () => {
    const tool = (await harness.service.listServerTools(server.id)).find((t) => t.name === 'color_swatch')!;
    const result = await new McpToolAdapter(tool, harness.service).execute({ hex: '#ff8800' });
    expect(result.text).toBe('A swatch of #ff8800:\n[Image: image/png]');
    const image = result.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = decodePng(Buffer.from((image as { data: string }).data, 'base64'));
    expect(png).toMatchObject({ width: 16, height: 16 });
    expect([...png.pixel(15, 15)]).toEqual([0xff, 0x88, 0x00]);
  });

  it('slow_count reports progress, and each report restarts the idle timeout', async () => {
    // A 2 s timeout against 3 s of work: only the progress reports (every 500 ms) keep the call alive.
    // Six steps report 0 to 5 done, each at the start of a step; the result reports the end.
    const strict = makeRecord({ name: 'example-strict', type: 'stdio', timeoutSec: 2, config: { command: 'node', args: [serverScript] } });
    harness.servers.set(strict);
    const progress: McpProgress[] = [];
    const result = await harness.service.callTool(strict.id, 'slow_count', { steps: 6 }, 'count-1', { onProgress: (p) => progress.push(p) });
    expect(textOf(result)).toBe('Counted to 6.');
    expect(progress.map((p) => [p.progress, p.total])).toEqual([0, 1, 2, 3, 4, 5].map((n) => [n, 6]));
    expect(progress[0]?.message).toBe('step 1 of 6');
    await harness.service.disconnect(strict.id);
  });

  it('cancelling slow_count stops the work on the server, which keeps answering', async () => {
    const stop = new AbortController();
    const call = harness.service.callTool(server.id, 'slow_count', { steps: 20 }, 'count-2', { signal: stop.signal, onProgress: () => stop.abort() });
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
    // The server's own stderr line proves notifications/cancelled reached the handler's signal.
    await waitFor(() => harness.service.getLogs(server.id).some((e) => /slow_count cancelled after \d+ of 20 steps/.test(e.text)), 5000, 'the cancellation line');
    const after = await harness.service.callTool(server.id, 'greet', { name: 'again' }, 'greet-2');
    expect(textOf(after)).toBe('Hello, again!');
  });

  it('divide by zero is a tool result with isError, which the model reads', async () => {
    const direct = await harness.service.callTool(server.id, 'divide', { a: 1, b: 0 }, 'divide-1');
    expect(direct).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Cannot divide by zero; pass a non-zero b.' }] });
    const tool = (await harness.service.listServerTools(server.id)).find((t) => t.name === 'divide')!;
    const viaEngine = await new McpToolAdapter(tool, harness.service).execute({ a: 1, b: 0 });
    expect(viaEngine).toMatchObject({ isError: true, text: 'Cannot divide by zero; pass a non-zero b.' });
    expect(textOf(await harness.service.callTool(server.id, 'divide', { a: 1, b: 4 }, 'divide-2'))).toBe('0.25');
  });

  it('arguments that break the inputSchema fail in Elftia before the server sees them', async () => {
    await expect(harness.service.callTool(server.id, 'color_swatch', { hex: 'orange' }, 'bad-1')).rejects.toMatchObject({ code: 'INVALID_ARGUMENTS' });
  });
});

describe('publishing the example', () => {
  it('npm pack ships an executable bin with a shebang and exactly pinned dependencies', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'elftia-pack-'));
    try {
      const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: exampleDir, env: { ...process.env, npm_config_update_notifier: 'false' } });
      const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string; mode: number }> }>;
      expect(statSync(path.join(out, packed!.filename)).size).toBeGreaterThan(0);
      expect(packed!.files.map((f) => f.path).sort()).toEqual(['package.json', 'server.mjs']);
      const manifest = JSON.parse(readFileSync(path.join(exampleDir, 'package.json'), 'utf8')) as { bin: Record<string, string>; dependencies: Record<string, string> };
      expect(manifest.bin).toEqual({ 'elftia-example-mcp-server': './server.mjs' });
      // npx runs the bin directly: it needs the shebang, and an executable mode for `npm link` and git checkouts.
      expect(packed!.files.find((f) => f.path === 'server.mjs')!.mode & 0o111).not.toBe(0);
      expect(readFileSync(serverScript, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
      const desktop = JSON.parse(readFileSync(path.join(repoRoot, 'packages/desktop/package.json'), 'utf8')) as { dependencies: Record<string, string> };
      expect(manifest.dependencies).toEqual({ '@modelcontextprotocol/sdk': desktop.dependencies['@modelcontextprotocol/sdk'], zod: desktop.dependencies.zod });
      for (const version of Object.values(manifest.dependencies)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

/** Checks chunk CRCs; returns width, height and an RGB pixel reader for an 8-bit truecolor PNG whose rows use filter 0 (what the example writes). */
function decodePng(png: Buffer): { width: number; height: number; pixel: (x: number, y: number) => Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks = new Map<string, Buffer[]>();
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.set(type, [...(chunks.get(type) ?? []), png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  const header = chunks.get('IHDR')![0]!;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([...header.subarray(8, 13)]).toEqual([8, 2, 0, 0, 0]);
  expect(chunks.has('IEND')).toBe(true);
  const raw = inflateSync(Buffer.concat(chunks.get('IDAT')!));
  const stride = 1 + width * 3;
  expect(raw.length).toBe(stride * height);
  return { width, height, pixel: (x, y) => raw.subarray(y * stride + 1 + x * 3, y * stride + 4 + x * 3) };
}
