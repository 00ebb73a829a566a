import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { readAppError, toDisplayError } from '../src/lib/appError';

const app = { code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'duplicate', params: { name: 'x' } }] } as const;

describe('readAppError', () => {
  it('reads data.app from a WebSocket-link error', () => {
    const error = TRPCClientError.from({ error: { code: -32600, message: 'invalid', data: { code: 'BAD_REQUEST', app } } });
    expect(readAppError(error)).toEqual(app);
  });

  it('reads cause.data.app from a trpc-electron error', () => {
    // trpc-electron rejects with its own bundled TRPCClientError; @trpc/client 11 wraps it.
    const linkError = Object.assign(new Error('invalid'), { data: { code: 'BAD_REQUEST', app } });
    const outer = new TRPCClientError('invalid', { cause: linkError });
    expect(outer.data).toBeUndefined();
    expect(readAppError(outer)).toEqual(app);
  });

  it('ignores anything else', () => {
    expect(readAppError(new Error('x'))).toBeUndefined();
    expect(readAppError({ data: { app: { code: 'NOT_A_CODE' } } })).toBeUndefined();
    expect(readAppError(undefined)).toBeUndefined();
  });
});

describe('toDisplayError', () => {
  it('keeps the code and parameters', () => {
    const error = TRPCClientError.from({ error: { code: -32004, message: 'nf', data: { app: { code: 'NOT_FOUND', params: { id: 'a' } } } } });
    expect(toDisplayError(error)).toEqual({ code: 'NOT_FOUND', params: { id: 'a' } });
  });

  it('calls a TRPCClientError without a payload a lost connection, anything else internal', () => {
    expect(toDisplayError(TRPCClientError.from(new Error('WebSocket closed')))).toEqual({ code: 'CONNECTION_LOST' });
    expect(toDisplayError(new TypeError('bug'))).toEqual({ code: 'INTERNAL' });
  });
});
