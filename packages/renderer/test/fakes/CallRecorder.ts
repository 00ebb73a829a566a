/**
 * What every fake procedure shares: the call log tests assert on, scripted failures, and the
 * router's error shape. The fakes for each router (FakeApi's mcp and settings, FakeProviders,
 * FakeChat) run their bodies through one recorder so `api.callsTo(...)` sees them all.
 */
import type { AppErrorData } from '@elftia/desktop/shared/contracts/errors.ts';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';

/** Shaped like the TRPCClientError the WebSocket link rejects with: the payload on `data.app`. */
export class FakeTrpcError extends Error {
  override readonly name = 'TRPCClientError';
  readonly data: { app: AppErrorData };
  constructor(app: AppErrorData) {
    super(app.code);
    this.data = { app };
  }
}

export function validationError(fieldErrors: FieldError[]): FakeTrpcError {
  return new FakeTrpcError({ code: 'VALIDATION', fieldErrors });
}

export interface FakeCall {
  procedure: string;
  input: unknown;
}

export class CallRecorder {
  readonly calls: FakeCall[] = [];
  /** Makes the next call of a procedure fail with this error instead of running. */
  readonly failures = new Map<string, unknown>();
  /** Holds calls of a procedure until the test releases them (see hold). */
  readonly #gates = new Map<string, Promise<void>>();

  /** Calls of `procedure` wait until the returned function is called: a request still in flight. */
  hold(procedure: string): () => void {
    let release!: () => void;
    this.#gates.set(procedure, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.#gates.delete(procedure);
      release();
    };
  }

  callsTo(procedure: string): unknown[] {
    return this.calls.filter((call) => call.procedure === procedure).map((call) => call.input);
  }

  run = async <T>(procedure: string, input: unknown, body: () => T): Promise<T> => {
    this.calls.push({ procedure, input });
    await Promise.resolve();
    await this.#gates.get(procedure);
    const failure = this.failures.get(procedure);
    if (failure !== undefined) {
      this.failures.delete(procedure);
      throw failure;
    }
    return body();
  };
}
