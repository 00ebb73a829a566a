/**
 * What a tool card needs to mark a call that ran without asking: whether its always-allow grant still
 * stands, whether the read-only policy is still on, and how to revoke either. One subscription and
 * one query for the whole transcript (MessageList provides it), not one per card.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { useApi } from '../../../../lib/api';
import { useTRPC } from '../../../../lib/query';
import { useApiSubscription } from '../../../../lib/useApiSubscription';

export interface ToolGrants {
  /** Undefined until the list arrived. */
  granted(serverId: string, toolName: string): boolean | undefined;
  /** Whether read-only tools still run without asking; undefined until known. */
  readOnlyAllowed: boolean | undefined;
  revoke(serverId: string, toolName: string): Promise<void>;
  /** Turns the read-only policy off: such tools ask first again. */
  askForReadOnly(): Promise<void>;
}

const ToolGrantsContext = createContext<ToolGrants | undefined>(undefined);

export function ToolGrantsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const permissions = useApiSubscription((a) => a.approvals.onPermissionsChanged);
  // Read again whenever a transcript opens: Settings may have changed it meanwhile.
  const policy = useQuery({ ...trpc.approvals.policy.queryOptions(), staleTime: 0 });
  const keys = useMemo(() => (permissions.data ? new Set(permissions.data.map((p) => `${p.serverId}\u0000${p.toolName}`)) : undefined), [permissions.data]);

  const revoke = useCallback(
    async (serverId: string, toolName: string) => {
      await api.approvals.revoke.mutate({ serverId, toolName });
    },
    [api],
  );
  const askForReadOnly = useCallback(async () => {
    const next = await api.approvals.setPolicy.mutate({ autoApproveReadOnly: false });
    queryClient.setQueryData(trpc.approvals.policy.queryKey(), next);
  }, [api, queryClient, trpc]);

  const value = useMemo<ToolGrants>(
    () => ({
      granted: (serverId, toolName) => keys?.has(`${serverId}\u0000${toolName}`),
      readOnlyAllowed: policy.data?.autoApproveReadOnly,
      revoke,
      askForReadOnly,
    }),
    [keys, policy.data, revoke, askForReadOnly],
  );
  return <ToolGrantsContext.Provider value={value}>{children}</ToolGrantsContext.Provider>;
}

export function useToolGrants(): ToolGrants | undefined {
  return useContext(ToolGrantsContext);
}
