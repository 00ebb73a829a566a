/**
 * conformance-baseline.yml (read by scripts/conformance.mjs and, for its `client` list, by the
 * conformance suite itself) stays what its header promises: the sections the script reads, every
 * expected failure with its reason, no scenario twice in one run; and the suite and its Node are
 * pinned to exact versions, so a new suite release is adopted with its baseline in one change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const baselineLines = readFileSync(path.join(repoRoot, 'conformance-baseline.yml'), 'utf8').split('\n');
const SECTIONS = ['client', 'client-2025-11-25', 'client-2026-07-28', 'client-extensions'];

/** Section → its entries (`  - name # reason`), from the file's lines. */
function sections(): Map<string, Array<{ name: string; reason: string; line: string }>> {
  const found = new Map<string, Array<{ name: string; reason: string; line: string }>>();
  let current: string | undefined;
  for (const line of baselineLines) {
    const key = /^([a-z0-9-]+):\s*(\[\])?\s*$/.exec(line);
    if (key) {
      current = key[1]!;
      found.set(current, []);
      continue;
    }
    const entry = /^\s+-\s+(\S+)\s*(?:#\s*(.*))?$/.exec(line);
    if (entry && current) found.get(current)!.push({ name: entry[1]!, reason: entry[2]?.trim() ?? '', line });
  }
  return found;
}

describe('conformance-baseline.yml', () => {
  it('has exactly the sections scripts/conformance.mjs reads, and every line is a section, an entry or a comment', () => {
    expect([...sections().keys()]).toEqual(SECTIONS);
    for (const line of baselineLines) expect(line, line).toMatch(/^(\s*(#.*)?|[a-z0-9-]+:\s*(\[\])?|\s+-\s+\S+\s*#\s*\S.*)$/);
  });

  it('gives each expected failure its reason and lists no scenario twice in one run', () => {
    const all = sections();
    for (const entries of all.values()) for (const entry of entries) expect(entry.reason, entry.line).not.toBe('');
    const common = all.get('client')!.map((e) => e.name);
    for (const run of SECTIONS.slice(1)) {
      const names = [...common, ...all.get(run)!.map((e) => e.name)];
      expect(new Set(names).size, run).toBe(names.length);
    }
  });
});

describe('scripts/conformance.mjs', () => {
  it('pins the suite and its Node to exact versions', () => {
    const script = readFileSync(path.join(repoRoot, 'scripts', 'conformance.mjs'), 'utf8');
    expect(script).toMatch(/const SUITE_VERSION = '\d+\.\d+\.\d+(-[a-z]+\.\d+)?';/);
    expect(script).toMatch(/const NODE_VERSION = '22\.\d+\.\d+';/);
  });
});
