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
  disabledTools: [],
  alwaysAllow: [],
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

  it('submits copied variables as copyEnv names, places their errors by filled position, and keeps inheritEnv', () => {
    const values = {
      ...emptyFormValues(),
      name: 'gh',
      command: 'npx',
      inheritEnv: true,
      env: [
        { id: 'e1', key: 'A', value: '1' },
        { id: 'c1', key: ' GITHUB_TOKEN ', value: '', copied: true },
        { id: 'c2', key: '', value: '', copied: true },
        { id: 'c3', key: 'OPENAI_API_KEY', value: '', copied: true },
      ],
    };
    expect(toCandidate(values)).toMatchObject({ env: { A: '1' }, copyEnv: ['GITHUB_TOKEN', 'OPENAI_API_KEY'], inheritEnv: true });
    expect(mapFieldErrors(values, [{ field: 'copyEnv.1', code: 'envNotSet', params: { name: 'OPENAI_API_KEY' } }])).toEqual({
      'env:c3': { code: 'envNotSet', params: { name: 'OPENAI_API_KEY' } },
    });
    // A typed row and a copied row of one name would collide in env.
    expect(validateForm({ ...values, env: [...values.env, { id: 'e2', key: 'GITHUB_TOKEN', value: 'x' }] })).toMatchObject({ ok: false, errors: { 'env:e2': { code: 'duplicateKey' } } });
    const stored = toFormValues(toInput({ ...record, config: { ...record.config, inheritEnv: true } }), rowIdGenerator());
    expect(stored.inheritEnv).toBe(true);
    expect(validateForm(stored)).toMatchObject({ ok: true, value: { inheritEnv: true } });
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
