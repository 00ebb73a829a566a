import { describe, expect, it } from 'vitest';
import { type McpServerRecord, toInput } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { emptyFormValues, mapFieldErrors, rowIdGenerator, toCandidate, toFormValues, validateForm } from '../src/features/settings/components/tabs/tools-tab/formModel';

const record: McpServerRecord = {
  id: 'a',
  name: 'everything',
  type: 'stdio',
  config: { command: 'node', args: ['x.js', 'stdio'], env: { A: '1', B: '2' }, watchPaths: ['dist', '/srv/mcp/config.json'] },
  timeoutSec: 90,
  enabled: false,
  createdAt: '',
  updatedAt: '',
};

describe('formModel', () => {
  it('round-trips a stored server through the form unchanged', () => {
    const values = toFormValues(toInput(record), rowIdGenerator());
    expect(values.timeoutSec).toBe('90');
    expect(values.args.map((row) => row.value)).toEqual(['x.js', 'stdio']);
    expect(values.watchPaths.map((row) => row.value)).toEqual(['dist', '/srv/mcp/config.json']);
    const result = validateForm(values);
    expect(result).toEqual({
      ok: true,
      value: { name: 'everything', type: 'stdio', command: 'node', args: ['x.js', 'stdio'], env: { A: '1', B: '2' }, watchPaths: ['dist', '/srv/mcp/config.json'], timeoutSec: 90, enabled: false },
    });
  });

  it('reads a record stored before watch paths existed as having none', () => {
    const { watchPaths: _none, ...olderConfig } = record.config;
    const values = toFormValues(toInput({ ...record, config: olderConfig }), rowIdGenerator());
    expect(values.watchPaths).toEqual([]);
    expect(validateForm(values)).toMatchObject({ ok: true, value: { watchPaths: [] } });
  });

  it('submits watch paths trimmed, without blank rows, and places their errors by filled position', () => {
    const values = {
      ...emptyFormValues(),
      name: 'dev',
      command: 'node',
      watchPaths: [
        { id: 'w1', value: '  src  ' },
        { id: 'w2', value: '   ' },
        { id: 'w3', value: 'server.js' },
      ],
    };
    expect(toCandidate(values)).toMatchObject({ watchPaths: ['  src  ', 'server.js'] });
    expect(validateForm(values)).toMatchObject({ ok: true, value: { watchPaths: ['src', 'server.js'] } });
    // watchPaths.1 is the second *filled* row: the blank one in between is not submitted.
    expect(mapFieldErrors(values, [{ field: 'watchPaths.1', code: 'invalidType' }])).toEqual({ 'watchPaths:w3': { code: 'invalidType' } });
  });

  it('submits only the selected transport’s fields and skips blank rows', () => {
    const newId = rowIdGenerator();
    const values = {
      ...emptyFormValues(),
      name: 'r',
      type: 'sse' as const,
      command: 'left over from stdio',
      url: 'http://127.0.0.1:3001/sse',
      headers: [
        { id: newId(), key: ' Authorization ', value: 'Bearer x' },
        { id: newId(), key: '', value: '' },
      ],
    };
    expect(toCandidate(values)).toEqual({ name: 'r', type: 'sse', url: 'http://127.0.0.1:3001/sse', headers: { Authorization: 'Bearer x' }, timeoutSec: 60, enabled: true });
  });

  it('places schema errors on rows by index and by name', () => {
    const values = {
      ...emptyFormValues(),
      args: [
        { id: 'blank', value: '' },
        { id: 'second', value: 'x' },
      ],
      env: [
        { id: 'e1', key: 'A', value: '1' },
        { id: 'e2', key: 'A', value: '2' },
      ],
    };
    expect(
      mapFieldErrors(values, [
        { field: 'args.0', code: 'invalidType' },
        { field: 'env.A', code: 'invalidEnvKey' },
        { field: 'name', code: 'required' },
        { field: 'name', code: 'tooLong', params: { max: 64 } },
        { field: 'mystery', code: 'unknownField' },
      ]),
    ).toEqual({
      // args.0 is the first *filled* row: blank rows are not submitted.
      'args:second': { code: 'invalidType' },
      'env:e2': { code: 'invalidEnvKey' },
      name: { code: 'required' },
      form: { code: 'unknownField' },
    });
  });

  it('reports a value without a name, and an empty timeout', () => {
    const values = { ...emptyFormValues(), name: 'n', command: 'c', timeoutSec: '', env: [{ id: 'e', key: ' ', value: 'orphan' }] };
    const result = validateForm(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['env:e']).toEqual({ code: 'required' });
    expect(result.errors.timeoutSec).toEqual({ code: 'integer' });
  });
});
