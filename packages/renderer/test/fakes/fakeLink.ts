/**
 * A tRPC link that answers from a FakeApi, so TanStack Query's hooks (lib/query.tsx) run in tests
 * through a real tRPC client: the path of each operation names the fake's procedure, and a rejected
 * call reaches the hook as the TRPCClientError the real links produce (its `cause` keeps `data.app`).
 */
import { type TRPCLink, TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@elftia/desktop/router';
import type { ElftiaApi } from '../../src/lib/api';

type Procedure = {
  query?: (input: unknown) => Promise<unknown>;
  mutate?: (input: unknown) => Promise<unknown>;
  subscribe?: (input: unknown, handlers: { onData: (value: unknown) => void; onError: (error: unknown) => void }) => { unsubscribe(): void };
};

function procedureAt(api: ElftiaApi, path: string): Procedure {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], api);
  if (typeof found !== 'object' || found === null) throw new Error(`the fake API has no procedure ${path}`);
  return found as Procedure;
}

function clientError(error: unknown): TRPCClientError<AppRouter> {
  return TRPCClientError.from(error instanceof Error ? error : new Error(String(error)));
}

export function fakeLink(api: ElftiaApi): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const procedure = procedureAt(api, op.path);
        if (op.type === 'subscription') {
          const subscription = procedure.subscribe?.(op.input, {
            onData: (data) => observer.next({ result: { type: 'data', data } }),
            onError: (error) => observer.error(clientError(error)),
          });
          return () => subscription?.unsubscribe();
        }
        const call = op.type === 'query' ? procedure.query : procedure.mutate;
        if (!call) throw new Error(`the fake API cannot ${op.type} ${op.path}`);
        let open = true;
        call.call(procedure, op.input).then(
          (data) => {
            if (!open) return;
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          (error: unknown) => {
            if (open) observer.error(clientError(error));
          },
        );
        return () => {
          open = false;
        };
      });
}
