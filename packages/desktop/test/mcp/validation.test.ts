import { afterEach, describe, expect, it } from 'vitest';
import { ArgumentValidator } from '../../app/main/services/capabilities/tools/mcp-users/ArgumentValidator';
import { type Harness, closeHarness, createHarness, fixture, recordFile, stdioRecord, textOf } from './helpers';

describe('ArgumentValidator', () => {
  const validator = new ArgumentValidator();
  const schema = {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 1 },
      email: { type: 'string', format: 'email' },
      nested: { type: 'object', properties: { flag: { type: 'boolean' } }, required: ['flag'] },
    },
    required: ['count'],
    'x-vendor': 'ignored keyword',
  };

  it.each([
    [{ count: 0 }, 'count', 'must be >= 1'],
    [{}, 'count', "must have required property 'count'"],
    [{ count: 1, email: 'not-an-email' }, 'email', 'must match format "email"'],
    [{ count: 1, nested: {} }, 'nested.flag', "must have required property 'flag'"],
    [{ count: 1, nested: { flag: 'yes' } }, 'nested.flag', 'must be boolean'],
  ])('%j → INVALID_ARGUMENTS naming %s', (args, field, reason) => {
    expect(() => validator.validate('t', schema, args)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENTS', params: { tool: 't', field, reason } }));
  });

  it('accepts valid arguments', () => {
    expect(() => validator.validate('t', schema, { count: 2, email: 'a@b.co', nested: { flag: true } })).not.toThrow();
  });

  it('handles draft 2020-12 schemas and tolerates a reused $id', () => {
    const modern = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'urn:x', type: 'object', prefixItems: [], properties: { a: { type: 'string' } }, required: ['a'] };
    const again = { ...modern, properties: { b: { type: 'number' } }, required: ['b'] };
    expect(() => validator.validate('t', modern, {})).toThrow(expect.objectContaining({ params: expect.objectContaining({ field: 'a' }) }));
    expect(() => validator.validate('t', again, { b: 1 })).not.toThrow();
  });

  it('does not enforce a schema it cannot compile, and says so once', () => {
    const reasons: string[] = [];
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };
    validator.validate('t', broken, { a: 1 }, (r) => reasons.push(r));
    validator.validate('t', broken, { a: 2 }, (r) => reasons.push(r));
    expect(reasons).toHaveLength(1);
  });
});

describe('invalid arguments never reach the server', () => {
  let harness: Harness | undefined;
  const cleanups: (() => void)[] = [];
  afterEach(async () => {
    if (harness) await closeHarness(harness);
    harness = undefined;
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('rejects with the field named, sends nothing, and does not count against the server', async () => {
    const file = recordFile();
    cleanups.push(file.cleanup);
    const record = stdioRecord(fixture('mcp-fault-server.mjs'), {}, { MCP_FIXTURE_RECORD: file.path });
    harness = createHarness([record]);
    const { service } = harness;

    await expect(service.callTool(record.id, 'strict', { count: 1, email: 'nope', nested: { flag: true } }, 'v1')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENTS',
      params: { tool: 'strict', field: 'email' },
    });
    await expect(service.callTool(record.id, 'strict', { count: 1, email: 'a@b.co' }, 'v2')).rejects.toMatchObject({ params: { field: 'nested' } });
    await expect(service.callTool(record.id, 'no-such-tool', {}, 'v3')).rejects.toMatchObject({ code: 'TOOL_NOT_FOUND' });
    expect(file.lines()).toEqual([]);
    expect(await service.getState(record.id)).toMatchObject({ consecutiveErrors: 0 });
    expect((await service.getState(record.id))?.lastError).toBeUndefined();

    expect(textOf(await service.callTool(record.id, 'strict', { count: 3, email: 'a@b.co', nested: { flag: false } }, 'v4'))).toBe('ok');
    expect(file.lines()).toEqual(['call strict']);
  });
});
