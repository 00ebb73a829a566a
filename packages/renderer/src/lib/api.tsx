/**
 * The slice of the main process's API the renderer uses, and the React context that hands it to
 * components. The real implementation is the tRPC client (lib/trpc.ts); tests pass a fake that
 * implements these few procedures. Keeping the interface to what is used means a fake cannot drift
 * from the router unnoticed: `createAppConnection` assigns the real client to this type, so tsc
 * fails if a procedure's input or output changes.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { AppRouter, McpServerView } from '@elftia/desktop/router';
import type { McpLogEntry } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import type { AppSettings } from '@elftia/desktop/shared/contracts/settings.ts';
import type { inferRouterInputs } from '@trpc/server';

type Inputs = inferRouterInputs<AppRouter>;

export interface Mutation<TInput, TOutput> {
  mutate(input: TInput): Promise<TOutput>;
}

export interface Query<TInput, TOutput> {
  query(input: TInput): Promise<TOutput>;
}

export interface SubscriptionHandlers<T> {
  onData: (value: T) => void;
  onError: (error: unknown) => void;
}

/** `TInput` is undefined for a subscription that takes no input (onServersChanged). */
export interface Subscription<T, TInput = undefined> {
  subscribe(input: TInput, handlers: SubscriptionHandlers<T>): { unsubscribe(): void };
}

export interface ElftiaApi {
  mcp: {
    add: Mutation<Inputs['mcp']['add'], McpServerView>;
    update: Mutation<Inputs['mcp']['update'], McpServerView>;
    setEnabled: Mutation<Inputs['mcp']['setEnabled'], McpServerView>;
    remove: Mutation<Inputs['mcp']['remove'], { id: string }>;
    /** Stops the server and connects it again; rejects with the connect failure. */
    restart: Mutation<Inputs['mcp']['restart'], McpServerView>;
    /** The tools a server reported (raw MCP), from its connection's cache. */
    tools: Query<Inputs['mcp']['tools'], MCPTool[]>;
    /**
     * The whole list at start and after every change, including the CLI's and every connection
     * change (state, tool count); each server carries its live `connection`.
     */
    onServersChanged: Subscription<McpServerView[]>;
    /** One server's bounded, redacted log: all of it at start and again after every new line. */
    onLogs: Subscription<McpLogEntry[], Inputs['mcp']['onLogs']>;
  };
  settings: {
    setLanguage: Mutation<Inputs['settings']['setLanguage'], AppSettings>;
    /** The settings at start and after every change. */
    onChanged: Subscription<AppSettings>;
  };
}

const ApiContext = createContext<ElftiaApi | undefined>(undefined);

export function ApiProvider({ api, children }: { api: ElftiaApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ElftiaApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() needs an <ApiProvider> above it');
  return api;
}
