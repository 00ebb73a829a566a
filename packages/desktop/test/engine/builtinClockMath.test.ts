/** The built-in `clock-math` server, started as a real process through loadDirectMcpTools. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinServers } from '../../app/main/builtin-servers';
import { closeDirectConnections, loadDirectMcpTools, type LoadDirectMcpToolsResult } from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { isAlive } from '../../app/main/mcp/process';
import { RecordingTracker, caller, toolMap } from './directHelpers';

let loaded: LoadDirectMcpToolsResult;
let call: ReturnType<typeof caller>;
const tracker = new RecordingTracker();

beforeAll(async () => {
  loaded = await loadDirectMcpTools(builtinServers(), { tracker });
  expect(loaded.failures).toEqual([]);
  call = caller(toolMap(loaded));
});

afterAll(async () => {
  await closeDirectConnections(loaded.connections, tracker);
  expect(tracker.pids.filter((pid) => isAlive(pid))).toEqual([]);
});

async function calculate(expression: string) {
  return call('clock-math__calculate', { expression });
}

describe('clock-math: calculate', () => {
  const values: Array<[string, string]> = [
    ['1 + 2 * 3', '7'],
    ['(1 + 2) * 3', '9'],
    ['10 - 4 - 3', '3'],
    ['2 * 3 / 4', '1.5'],
    ['2 ^ 3 ^ 2', '512'],
    ['-2 ^ 2', '-4'],
    ['(-2) ^ 2', '4'],
    ['2 ^ -1', '0.5'],
    ['--3', '3'],
    ['10 % 4', '2'],
    ['-7 % 3', '-1'],
    ['0.1 + 0.2', '0.3'],
    ['1e3 + .5', '1000.5'],
    ['2 ** 10', '1024'],
    ['2 × 3 ÷ 4', '1.5'],
    ['sqrt(16) + abs(-2)', '6'],
    ['round(2.5) + round(-2.5)', '0'],
    ['round(3.14159, 2)', '3.14'],
    ['max(1, 5, 3) - min(4, 2)', '3'],
    ['floor(-1.5) + ceil(1.2)', '0'],
    ['ln(e) + log10(1000)', '4'],
    ['PI', '3.14159265358979'],
    ['-0', '0'],
  ];

  it.each(values)('%s = %s', async (expression, expected) => {
    const result = await calculate(expression);
    expect(result).toMatchObject({ isError: false, text: `${expression} = ${expected}` });
  });

  const errors: Array<[string, RegExp]> = [
    ['1 / 0', /division by zero/],
    ['5 % 0', /remainder of a division by zero/],
    ['0 ^ -1', /division by zero/],
    ['sqrt(-1)', /sqrt: argument must be ≥ 0/],
    ['(-8) ^ (1/3)', /is not a real number/],
    ['10 ^ 400', /too large/],
    ['2 +', /unexpected end of expression at position 4/],
    ['2 $ 3', /unexpected character "\$" at position 3/],
    ['(1 + 2', /expected "\)"/],
    ['2 3', /unexpected "3" at position 3: missing operator/],
    ['foo(1)', /unknown function "foo"/],
    ['x + 1', /unknown name "x"/],
    ['sqrt', /sqrt at position 1 is a function/],
    ['round(1, 2, 3)', /round takes 1 to 2 argument\(s\), got 3/],
    ['round(1, 0.5)', /digits must be an integer/],
    ['process.exit(1)', /unexpected character "\."/],
    ['constructor', /unknown name "constructor"/],
    ['   ', /expression is empty/],
    [`${'('.repeat(150)}1${')'.repeat(150)}`, /nested more than 100 levels/],
  ];

  it.each(errors)('rejects %s', async (expression, message) => {
    const result = await calculate(expression);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
  });
});

describe('clock-math: time', () => {
  it('converts between zones with their daylight saving offsets', async () => {
    const summer = await call('clock-math__convert_time', { time: '2024-05-01T09:00', fromTimeZone: 'Europe/Paris', toTimeZone: 'Asia/Tokyo' });
    expect(summer.text).toBe('2024-05-01T09:00:00+02:00 (Wednesday, Europe/Paris)\n= 2024-05-01T16:00:00+09:00 (Wednesday, Asia/Tokyo)');
    const winter = await call('clock-math__convert_time', { time: '2024-01-15 12:00', fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London' });
    expect(winter.text.split('\n')[1]).toBe('= 2024-01-15T17:00:00+00:00 (Monday, Europe/London)');
  });

  it('takes an explicit offset over fromTimeZone, and handles half-hour zones', async () => {
    const result = await call('clock-math__convert_time', { time: '2024-05-01T00:00:00Z', fromTimeZone: 'Asia/Tokyo', toTimeZone: 'America/Los_Angeles' });
    expect(result.text.split('\n')[1]).toBe('= 2024-04-30T17:00:00-07:00 (Tuesday, America/Los_Angeles)');
    const india = await call('clock-math__convert_time', { time: '2024-05-01T00:00Z', toTimeZone: 'Asia/Kolkata' });
    expect(india.text.split('\n')[1]).toBe('= 2024-05-01T05:30:00+05:30 (Wednesday, Asia/Kolkata)');
  });

  it('explains a wall time skipped or repeated by a DST change', async () => {
    const gap = await call('clock-math__convert_time', { time: '2024-03-10T02:30', fromTimeZone: 'America/New_York', toTimeZone: 'UTC' });
    expect(gap.text).toContain('= 2024-03-10T07:30:00+00:00');
    expect(gap.text).toContain('Note: 2024-03-10T02:30:00 does not exist in America/New_York (clocks went forward)');
    const overlap = await call('clock-math__convert_time', { time: '2024-11-03T01:30', fromTimeZone: 'America/New_York', toTimeZone: 'UTC' });
    expect(overlap.text).toContain('= 2024-11-03T05:30:00+00:00');
    expect(overlap.text).toContain('occurs twice');
  });

  it('rejects unknown zones and impossible dates clearly', async () => {
    expect(await call('clock-math__convert_time', { time: '2024-05-01', toTimeZone: 'Mars/Olympus' })).toMatchObject({
      isError: true,
      text: expect.stringContaining('unknown time zone "Mars/Olympus"'),
    });
    expect((await call('clock-math__convert_time', { time: '2024-02-30', fromTimeZone: 'UTC', toTimeZone: 'UTC' })).text).toContain('not a valid calendar date');
    expect((await call('clock-math__convert_time', { time: 'yesterday', fromTimeZone: 'UTC', toTimeZone: 'UTC' })).text).toContain('cannot read "yesterday" as a date');
  });

  it('adds calendar units on the wall clock and exact units on the timeline', async () => {
    const month = await call('clock-math__date_add', { date: '2024-01-31', amount: 1, unit: 'months', timeZone: 'UTC' });
    expect(month.text).toContain('= 2024-02-29T00:00:00+00:00 (Thursday, UTC)');
    expect(month.text).toContain('clamped to day 29');
    const day = await call('clock-math__date_add', { date: '2024-03-09T12:00', amount: 1, unit: 'days', timeZone: 'America/New_York' });
    expect(day.text).toContain('= 2024-03-10T12:00:00-04:00');
    const hours = await call('clock-math__date_add', { date: '2024-03-09T12:00', amount: 24, unit: 'hours', timeZone: 'America/New_York' });
    expect(hours.text).toContain('= 2024-03-10T13:00:00-04:00');
    const back = await call('clock-math__date_add', { date: '2024-03-01', amount: -1, unit: 'years', timeZone: 'UTC' });
    expect(back.text).toContain('= 2023-03-01T00:00:00+00:00');
    expect(await call('clock-math__date_add', { date: '2024-03-01', amount: 1.5, unit: 'days', timeZone: 'UTC' })).toMatchObject({
      isError: true,
      text: expect.stringContaining('whole number of days'),
    });
  });

  it('gives the calendar difference and the exact elapsed time, negative when reversed', async () => {
    const forward = await call('clock-math__date_diff', { from: '2024-01-01', to: '2024-12-25T06:30', timeZone: 'UTC' });
    expect(forward.text).toContain('Calendar difference: 11 months, 24 days, 6 hours, 30 minutes');
    expect(forward.text).toContain('Elapsed: 359.2708 days = 8622.5 hours = 517350 minutes = 31041000 seconds');
    const reversed = await call('clock-math__date_diff', { from: '2025-03-01', to: '2024-01-31T10:00', timeZone: 'UTC' });
    expect(reversed.text).toContain('Calendar difference: minus 1 year, 1 month, 14 hours');
    const same = await call('clock-math__date_diff', { from: '2024-01-01T00:00Z', to: '2024-01-01T09:00+09:00' });
    expect(same.text).toContain('Calendar difference: no difference');
  });

  it('tells the current time in a zone', async () => {
    const before = Date.now();
    const { text } = await call('clock-math__current_time', { timeZone: 'Asia/Tokyo' });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Time zone: Asia/Tokyo (UTC+09:00)');
    expect(lines[1]).toMatch(/^Local time: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+09:00 \(\w+day\)$/);
    const utc = Date.parse(lines[2]?.replace('UTC: ', '') ?? '');
    expect(utc).toBeGreaterThanOrEqual(before - 1000);
    expect(utc).toBeLessThanOrEqual(Date.now() + 1000);
    const local = Date.parse(/Local time: (\S+)/.exec(text)?.[1] ?? '');
    expect(Math.abs(local - utc)).toBeLessThan(1000);
  });
});
