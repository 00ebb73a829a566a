import { appsRouter } from './AppsRouter';
import { approvalsRouter } from './ApprovalsRouter';
import { chatRouter } from './ChatRouter';
import { dialogsRouter } from './DialogsRouter';
import { interactionsRouter } from './InteractionsRouter';
import { mcpRouter } from './McpRouter';
import { providersRouter } from './ProvidersRouter';
import { registryRouter } from './RegistryRouter';
import { resourcesRouter } from './ResourcesRouter';
import { settingsRouter } from './SettingsRouter';
import { createCallerFactory, router } from './trpc';
import { workspaceRouter } from './WorkspaceRouter';

export const appRouter = router({
  mcp: mcpRouter,
  settings: settingsRouter,
  providers: providersRouter,
  chat: chatRouter,
  approvals: approvalsRouter,
  dialogs: dialogsRouter,
  workspace: workspaceRouter,
  interactions: interactionsRouter,
  resources: resourcesRouter,
  registry: registryRouter,
  apps: appsRouter,
});

export type AppRouter = typeof appRouter;
export type { AppContext } from './trpc';
export type { McpServerView } from './McpRouter';
export type { DependencyInstallEvent } from './DependenciesRouter';
export type { McpPresetView } from '../presets/McpPresetService';
export const createAppCaller = createCallerFactory(appRouter);
