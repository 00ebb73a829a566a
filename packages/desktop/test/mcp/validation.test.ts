import { afterEach, describe, expect, it } from 'vitest';
import { ArgumentValidator } from '../../app/main/mcp/ArgumentValidator';
import { MAX_ARGUMENT_PROBLEMS } from '../../app/main/mcp/argumentProblems';
import type { McpServiceError } from '../../app/main/mcp/McpServiceError';
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
    [{ count: 0 }, { field: 'count', code: 'outOfRange', params: { comparison: '>=', limit: 1 }, reason: 'must be >= 1' }],
    [{}, { field: 'count', code: 'required', reason: "must have required property 'count'" }],
    [{ count: 1, email: 'not-an-email' }, { field: 'email', code: 'wrongFormat', params: { format: 'email' }, reason: 'must match format "email"' }],
    [{ count: 1, nested: {} }, { field: 'nested.flag', code: 'required', reason: "must have required property 'flag'" }],
    [{ count: 1, nested: { flag: 'yes' } }, { field: 'nested.flag', code: 'wrongType', params: { type: 'boolean' }, reason: 'must be boolean' }],
  ])('%j → INVALID_ARGUMENTS with the problem at its path', (args, problem) => {
    expect(() => validator.validate('t', schema, args)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENTS', params: { tool: 't' }, fieldErrors: [problem] }));
  });

  it('reports every problem, not the first: {"a":"two"} for get-sum names a and b', () => {
    const getSum = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
    expect(validator.problems(getSum, { a: 'two' })).toEqual([
      { field: 'b', code: 'required', reason: "must have required property 'b'" },
      { field: 'a', code: 'wrongType', params: { type: 'number' }, reason: 'must be number' },
    ]);
  });

  it('names each kind of problem for translation, and blames an anyOf once rather than each branch', () => {
    const wide = {
      type: 'object',
      properties: {
        pick: { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 3 }] },
        mode: { enum: ['fast', 'slow'] },
        code: { type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z]+$' },
        tags: { type: 'array', minItems: 1, maxItems: 2 },
        fixed: { const: 5 },
        maybe: { type: ['string', 'null'] },
      },
      additionalProperties: false,
    };
    const problems = validator.problems(wide, { pick: 1.5, mode: 'other', code: 'ABCD', tags: [], fixed: 4, maybe: 1, extra: true });
    expect(problems.map(({ field, code, params }) => ({ field, code, ...(params ? { params } : {}) }))).toEqual([
      { field: 'extra', code: 'unknownField' },
      { field: 'pick', code: 'invalid' },
      { field: 'mode', code: 'notAllowed', params: { values: '"fast", "slow"' } },
      { field: 'code', code: 'tooLong', params: { max: 3 } },
      { field: 'code', code: 'patternMismatch', params: { pattern: '^[a-z]+$' } },
      { field: 'tags', code: 'tooFewItems', params: { min: 1 } },
      { field: 'fixed', code: 'notAllowed', params: { values: '5' } },
      { field: 'maybe', code: 'wrongType', params: { type: 'string | null' } },
    ]);
  });

  it('lists at most MAX_ARGUMENT_PROBLEMS and counts the rest', () => {
    const many = { type: 'object', required: Array.from({ length: MAX_ARGUMENT_PROBLEMS + 5 }, (_, i) => `p${i}`) };
    let thrown: unknown;
    try {
      validator.validate('t', many, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENTS', params: { tool: 't', unlisted: 5 } });
    expect((thrown as McpServiceError).fieldErrors).toHaveLength(MAX_ARGUMENT_PROBLEMS);
    expect((thrown as McpServiceError).toData().fieldErrors?.[0]).toEqual({ field: 'p0', code: 'required', reason: "must have required property 'p0'" });
  });

  it('accepts valid arguments', () => {
    expect(() => validator.validate('t', schema, { count: 2, email: 'a@b.co', nested: { flag: true } })).not.toThrow();
  });

  it('handles draft 2020-12 schemas and tolerates a reused $id', () => {
    const modern = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'urn:x', type: 'object', prefixItems: [], properties: { a: { type: 'string' } }, required: ['a'] };
    const again = { ...modern, properties: { b: { type: 'number' } }, required: ['b'] };
    expect(() => validator.validate('t', modern, {})).toThrow(expect.objectContaining({ fieldErrors: [expect.objectContaining({ field: 'a', code: 'required' })] }));
    expect(() => validator.validate('t', again, { b: 1 })).not.toThrow();
  });

  it('does not enforce a schema it cannot compile, and says so once', () => {
    const reasons: string[] = [];
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };
    validator.validate('t', broken, { a: 1 }, (r) => reasons.push(r));
    validator.validate('t', broken, { a: 2 }, (r) => reasons.push(r));
    expect(reasons).toHaveLength(1);
  });

  describe('withoutRefusedNulls', () => {
    const schema = {
      type: 'object',
      properties: { flag: { type: 'boolean' }, maybe: { type: ['string', 'null'] }, name: { type: 'string' } },
      required: ['name'],
    };

    it('leaves out a null the schema refuses for an optional property', () => {
      expect(validator.withoutRefusedNulls(schema, { name: 'a', flag: null })).toEqual({ name: 'a' });
    });

    it('keeps a null the schema allows, and a null for a required property', () => {
      const args = { name: null, maybe: null };
      expect(validator.withoutRefusedNulls(schema, args)).toBe(args);
      expect(() => validator.validate('t', schema, validator.withoutRefusedNulls(schema, args))).toThrow();
    });

    it('keeps every other key, __proto__ included', () => {
      const args = JSON.parse('{"name":"a","flag":null,"__proto__":1}') as Record<string, unknown>;
      const out = validator.withoutRefusedNulls({ ...schema, additionalProperties: true }, args);
      expect(Object.keys(out)).toEqual(['name', '__proto__']);
    });
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

    // zod's email() is both a format and a pattern: two problems of one field.
    const where = (error: unknown) => (error as McpServiceError).fieldErrors?.map((e) => `${e.field} ${e.code}`);
    const email = await service.callTool(record.id, 'strict', { count: 1, email: 'nope', nested: { flag: true } }, 'v1').catch((error: unknown) => error);
    expect(email).toMatchObject({ code: 'INVALID_ARGUMENTS', params: { tool: 'strict' } });
    expect(where(email)).toEqual(['email patternMismatch', 'email wrongFormat']);
    const nested = await service.callTool(record.id, 'strict', { count: 1, email: 'a@b.co' }, 'v2').catch((error: unknown) => error);
    expect(where(nested)).toEqual(['nested required']);
    // Every problem at once, each with its path; the message (what the model reads) names them all.
    const all = await service.callTool(record.id, 'strict', { count: 0, email: 'a@b.co' }, 'v5').catch((error: unknown) => error);
    expect(where(all)).toEqual(['nested required', 'count outOfRange']);
    expect(String(all)).toMatch(/nested must have required property 'nested'; count must be >= 1$/);
    await expect(service.callTool(record.id, 'no-such-tool', {}, 'v3')).rejects.toMatchObject({ code: 'TOOL_NOT_FOUND' });
    expect(file.lines()).toEqual([]);
    expect(await service.getState(record.id)).toMatchObject({ consecutiveErrors: 0 });
    expect((await service.getState(record.id))?.lastError).toBeUndefined();

    expect(textOf(await service.callTool(record.id, 'strict', { count: 3, email: 'a@b.co', nested: { flag: false } }, 'v4'))).toBe('ok');
    expect(file.lines()).toEqual(['call strict']);
  });
});
