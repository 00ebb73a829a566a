import { mcpRouter } from './McpRouter';
import { settingsRouter } from './SettingsRouter';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  mcp: mcpRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;
export type { AppContext } from './trpc';
export type { McpServerView } from './McpRouter';
export const createAppCaller = createCallerFactory(appRouter);
