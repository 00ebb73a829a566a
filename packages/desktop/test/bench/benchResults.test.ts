import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchResults, figureId, writeBenchResults } from '../../bench/lib/results';
import { compared, measuredRow } from '../../bench/lib/table';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sampleRows() {
  const baseline = measuredRow('a callTool', 'stdio: bare SDK v2 Client', [0.5, 0.6, 0.7]);
  const service = compared(measuredRow('a callTool', 'stdio: McpService.callTool', [0.55, 0.66, 0.77], 'a note'), baseline, 1.1);
  const counted = { section: 'r renderer', name: 'frames over 50 ms while streaming', count: { value: 3, unit: 'frames' }, goal: { text: '0 frames', met: false } };
  const failed = { section: 'b connect ×10', name: 'FAILED', note: 'boom' };
  return [baseline, service, counted, failed];
}

describe('the bench JSON file', () => {
  it('writes <timestamp>-<sha>.json and latest.json with the documented shape', () => {
    const dir = mkdtempSync(join(tmpdir(), 'elftia-bench-json-'));
    dirs.push(dir);
    const results = benchResults({
      commit: 'abc1234',
      date: new Date('2026-12-02T03:15:00.123Z'),
      machine: { cpus: 2, cpuModel: 'Test CPU', platform: 'linux', load: { start: 1.5, end: 2.25 } },
      rows: sampleRows(),
    });
    const file = writeBenchResults(dir, results);

    expect(file).toBe(join(dir, '2026-12-02T03-15-00Z-abc1234.json'));
    expect(readdirSync(dir).sort()).toEqual(['2026-12-02T03-15-00Z-abc1234.json', 'latest.json']);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8'))).toEqual(written);
    expect(written).toEqual({
      version: 1,
      commit: 'abc1234',
      date: '2026-12-02T03:15:00.123Z',
      node: process.version,
      machine: { cpus: 2, cpuModel: 'Test CPU', platform: 'linux', load: { start: 1.5, end: 2.25 } },
      figures: [
        { id: 'a-calltool.stdio-bare-sdk-v2-client', section: 'a callTool', label: 'stdio: bare SDK v2 Client', value: 0.6, unit: 'ms', p95: 0.7, n: 3, goal: null, pass: null },
        {
          id: 'a-calltool.stdio-mcpservice-calltool',
          section: 'a callTool',
          label: 'stdio: McpService.callTool',
          value: 0.66,
          unit: 'ms',
          p95: 0.77,
          n: 3,
          goal: '≤ 1.10×',
          ratio: { median: expect.closeTo(1.1, 10), p95: expect.closeTo(1.1, 10) },
          pass: expect.any(Boolean),
          note: 'a note',
        },
        { id: 'r-renderer.frames-over-50-ms-while-streaming', section: 'r renderer', label: 'frames over 50 ms while streaming', value: 3, unit: 'frames', goal: '0 frames', pass: false },
        { id: 'b-connect-10.failed', section: 'b connect ×10', label: 'FAILED', value: 0, unit: 'ms', goal: null, pass: null, note: 'boom' },
      ],
    });
  });

  it('a second run replaces latest.json and keeps the first run file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'elftia-bench-json-'));
    dirs.push(dir);
    const machine = { cpus: 2, cpuModel: 'x', platform: 'linux', load: { start: 0, end: 0 } };
    writeBenchResults(dir, benchResults({ commit: 'aaa', date: new Date('2026-12-02T03:00:00Z'), machine, rows: [] }));
    writeBenchResults(dir, benchResults({ commit: 'bbb', date: new Date('2026-12-02T04:00:00Z'), machine, rows: [] }));
    expect(readdirSync(dir).sort()).toEqual(['2026-12-02T03-00-00Z-aaa.json', '2026-12-02T04-00-00Z-bbb.json', 'latest.json']);
    expect(JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8')).commit).toBe('bbb');
  });

  it('ids are stable slugs of section and case', () => {
    expect(figureId('d convert 1,000 tools', 'openai + anthropic + google')).toBe('d-convert-1-000-tools.openai-anthropic-google');
  });
});
