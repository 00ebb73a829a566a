/**
 * The built-in `files` server, started as a real process through loadDirectMcpTools: every tool, and
 * every way out of the shared folder we could think of.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinServers } from '../../app/main/builtin-servers';
import { closeDirectConnections, loadDirectMcpTools, type LoadDirectMcpToolsResult } from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { isAlive } from '../../app/main/mcp/process';
import { RecordingTracker, caller, toolMap } from './directHelpers';

const SECRET = 'TOP SECRET CONTENT';
let base: string;
let root: string;
let loaded: LoadDirectMcpToolsResult;
let call: ReturnType<typeof caller>;
const tracker = new RecordingTracker();

function buildTree(): void {
  base = mkdtempSync(join(tmpdir(), 'eng-files-'));
  root = join(base, 'shared');
  const outside = join(base, 'outside');
  for (const dir of [root, outside, join(root, 'notes', 'deep'), join(root, 'node_modules', 'pkg')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'a.txt'), 'hello');
  writeFileSync(join(root, 'digits.txt'), '0123456789');
  writeFileSync(join(root, 'utf8.txt'), 'aé日b');
  writeFileSync(join(root, 'big.txt'), 'z'.repeat(300 * 1024));
  writeFileSync(join(root, 'bin.dat'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
  writeFileSync(join(root, 'notes', 'README.md'), '# notes');
  writeFileSync(join(root, 'notes', 'deep', 'x.md'), 'deep');
  writeFileSync(join(root, 'node_modules', 'pkg', 'index.md'), 'dependency');
  symlinkSync(join(root, 'notes'), join(root, 'link-in'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link-out-file'));
  symlinkSync(outside, join(root, 'link-out-dir'));
  symlinkSync(root, join(base, 'shared-alias'));
}

beforeAll(async () => {
  buildTree();
  loaded = await loadDirectMcpTools(builtinServers({ filesRoot: join(base, 'shared-alias') }).filter((s) => s.name === 'files'), { tracker });
  expect(loaded.failures).toEqual([]);
  call = caller(toolMap(loaded));
});

afterAll(async () => {
  await closeDirectConnections(loaded.connections, tracker);
  expect(tracker.pids.length).toBe(1);
  expect(tracker.pids.filter((pid) => isAlive(pid))).toEqual([]);
  rmSync(base, { recursive: true, force: true });
});

describe('files: tools', () => {
  it('offers exactly the four read-only tools, named <server>__<tool>', () => {
    expect(loaded.tools.map((t) => t.name).sort()).toEqual(['files__file_info', 'files__list_directory', 'files__read_text_file', 'files__search_files']);
    for (const tool of loaded.tools) expect(tool.tool.annotations?.readOnlyHint).toBe(true);
  });

  it('lists a folder: sub-folders first, files with sizes, links unresolved', async () => {
    const { text, isError } = await call('files__list_directory', {});
    expect(isError).toBe(false);
    const lines = text.split('\n');
    expect(lines[0]).toBe('.: 10 entries');
    expect(lines.slice(1, 3)).toEqual(['[dir]  node_modules/', '[dir]  notes/']);
    expect(lines).toContain('[file] a.txt (5 bytes)');
    expect(lines).toContain('[link] link-out-file');
    expect((await call('files__list_directory', { path: 'notes/deep' })).text).toBe('notes/deep: 1 entry\n[file] x.md (4 bytes)');
  });

  it('reads a whole small file with no note', async () => {
    const result = await call('files__read_text_file', { path: 'a.txt' });
    expect(result.content).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('reads a slice with offset and length and says where to continue', async () => {
    const result = await call('files__read_text_file', { path: 'digits.txt', offset: 3, length: 4 });
    expect(result.content).toEqual([
      { type: 'text', text: '3456' },
      { type: 'text', text: '[digits.txt: bytes 3–7 of 10. To continue, call read_text_file with offset=7.]' },
    ]);
    expect((await call('files__read_text_file', { path: 'digits.txt', offset: 7 })).content[1]).toEqual({ type: 'text', text: '[digits.txt: bytes 7–10 of 10. End of file.]' });
  });

  it('never splits a UTF-8 character at either end of a slice', async () => {
    // a(0) é(1–2) 日(3–5) b(6): offset 2 is inside é, length 1 is shorter than 日.
    const result = await call('files__read_text_file', { path: 'utf8.txt', offset: 2, length: 1 });
    expect(result.content[0]).toEqual({ type: 'text', text: '日' });
    expect(result.content[1]).toMatchObject({ text: expect.stringContaining('bytes 3–6 of 7') });
  });

  it('caps a read at 256 KiB', async () => {
    const result = await call('files__read_text_file', { path: 'big.txt' });
    expect(result.content[0]?.type === 'text' && result.content[0].text.length).toBe(256 * 1024);
    expect(result.text).toContain('offset=262144');
  });

  it('refuses binary files, folders and missing files with clear errors', async () => {
    expect(await call('files__read_text_file', { path: 'bin.dat' })).toMatchObject({ isError: true, text: expect.stringContaining('looks binary') });
    expect(await call('files__read_text_file', { path: 'notes' })).toMatchObject({ isError: true, text: expect.stringContaining('is a folder') });
    expect(await call('files__read_text_file', { path: 'nope.txt' })).toMatchObject({ isError: true, text: expect.stringContaining('not found: nope.txt') });
  });

  it('searches names with globs, substrings and paths, skipping node_modules and symlinks', async () => {
    expect((await call('files__search_files', { pattern: '*.md' })).text.split('\n')).toEqual([
      '2 match(es) for "*.md" in .',
      'notes/README.md',
      'notes/deep/x.md',
    ]);
    expect((await call('files__search_files', { pattern: 'readme' })).text).toContain('notes/README.md');
    expect((await call('files__search_files', { pattern: 'deep/*.{md,txt}', path: 'notes' })).text.split('\n').slice(1)).toEqual(['notes/deep/x.md']);
    expect((await call('files__search_files', { pattern: '**/*.md', maxResults: 1 })).text.split('\n')[0]).toBe('1 match(es) for "**/*.md" in . (stopped at 1 results)');
  });

  it('reports type, size and times of a file', async () => {
    const lines = (await call('files__file_info', { path: 'a.txt' })).text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['path: a.txt', 'type: file', 'size: 5 bytes']);
    expect(lines.find((l) => l.startsWith('modified: '))).toMatch(/^modified: \d{4}-\d{2}-\d{2}T/);
    expect((await call('files__file_info', { path: '.' })).text).toContain('type: folder');
  });

  it('accepts paths that stay inside: `..` within the folder, links inside, absolute paths by either name', async () => {
    expect((await call('files__read_text_file', { path: 'notes/../a.txt' })).text).toBe('hello');
    expect((await call('files__read_text_file', { path: 'link-in/README.md' })).text).toBe('# notes');
    expect((await call('files__read_text_file', { path: join(root, 'a.txt') })).text).toBe('hello');
    expect((await call('files__read_text_file', { path: join(base, 'shared-alias', 'a.txt') })).text).toBe('hello');
  });
});

describe('files: confinement', () => {
  const attacks: Array<[string, string, Record<string, unknown>, RegExp]> = [
    ['parent folder', 'files__read_text_file', { path: '../outside/secret.txt' }, /is outside the shared folder/],
    ['parent via a sub-folder', 'files__read_text_file', { path: 'notes/../../outside/secret.txt' }, /is outside the shared folder/],
    ['absolute path elsewhere', 'files__read_text_file', { path: '/etc/passwd' }, /is outside the shared folder/],
    ['symlinked file pointing out', 'files__read_text_file', { path: 'link-out-file' }, /links outside the shared folder/],
    ['file behind a symlinked folder', 'files__read_text_file', { path: 'link-out-dir/secret.txt' }, /links outside the shared folder/],
    ['listing a symlinked folder', 'files__list_directory', { path: 'link-out-dir' }, /links outside the shared folder/],
    ['listing the parent', 'files__list_directory', { path: '..' }, /is outside the shared folder/],
    ['info through a link', 'files__file_info', { path: 'link-out-file' }, /links outside the shared folder/],
    ['searching above the root', 'files__search_files', { pattern: '*', path: '..' }, /is outside the shared folder/],
    ['NUL byte', 'files__read_text_file', { path: 'a.txt\0../../x' }, /NUL/],
  ];

  it.each(attacks)('rejects %s', async (_name, tool, args, message) => {
    const result = await call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
    expect(result.text).not.toContain(SECRET);
    expect(result.text).not.toContain(join(base, 'outside'));
  });

  it('does not follow a symlink out while searching', async () => {
    const { text } = await call('files__search_files', { pattern: 'secret' });
    expect(text).toBe('0 match(es) for "secret" in .');
  });
});
