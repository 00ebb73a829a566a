/**
 * The slice of the main process's API the renderer uses, and the React context that hands it to
 * components. The real implementation is the tRPC client (lib/trpc.ts); tests pass a fake that
 * implements these few procedures. Keeping the interface to what is used means a fake cannot drift
 * from the router unnoticed: `createAppConnection` assigns the real client to this type, so tsc
 * fails if a procedure's input or output changes.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { SecretInputView } from '@elftia/desktop/shared/contracts/secret-inputs.ts';
import type { AppRouter, DependencyInstallEvent, McpPresetView, McpServerView } from '@elftia/desktop/router';
import type {
  ApprovalPolicy,
  ApprovalRequest,
  approvalAnswerSchema,
  ChatMessage,
  ChatStreamEvent,
  chatEditSchema,
  chatRegenerateSchema,
  chatSendSchema,
  ConversationRecord,
  conversationCreateRequestSchema,
  conversationUpdateSchema,
  ToolCallView,
  ToolPermission,
  toolResultQuerySchema,
} from '@elftia/desktop/shared/contracts/chat.ts';
import type { DependencyInstallPreview, DependencyStatus } from '@elftia/desktop/shared/contracts/dependencies.ts';
import type { McpLogUpdate, McpServerLogLevel } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import type { McpServerEnvironment } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import type { OAuthStatus } from '@elftia/desktop/shared/contracts/oauth.ts';
import type { ImportPreview, ImportSource } from '@elftia/desktop/shared/contracts/mcp-import.ts';
import type {
  CompleteInput,
  McpServerCatalog,
  PromptRunView,
  promptGetSchema,
  ResourceReadView,
  ResourceUpdateEvent,
  resourceReadSchema,
} from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import type { AttachmentData } from '@elftia/desktop/shared/contracts/attachments.ts';
import type { ProviderModelsResult, ProviderRecord, ProviderTestResult } from '@elftia/desktop/shared/contracts/providers.ts';
import type { AppSettings, PackageMirrors } from '@elftia/desktop/shared/contracts/settings.ts';
import type { RecentWorkspace, serverIdInputSchema, WorkspaceView, workspaceOpenSchema } from '@elftia/desktop/shared/contracts/workspace.ts';
import type { RegistrySearchResult } from '@elftia/desktop/shared/contracts/registry.ts';
import type { InteractionAnswer, InteractionAnswerResult, InteractionsState } from '@elftia/desktop/shared/contracts/interactions.ts';
import type { AppToolCallResult, AppsCallToolInput, McpAppResourceView, McpAppSandboxView, appsResourceSchema, appsUpdateContextSchema } from '@elftia/desktop/shared/contracts/apps.ts';
import type { inferRouterInputs } from '@trpc/server';
import type { z } from 'zod';

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
    /** Turns one tool on or off for every chat (the server's `disabledTools`). */
    setToolEnabled: Mutation<Inputs['mcp']['setToolEnabled'], McpServerView>;
    /** Lets one tool run without asking (the server's `alwaysAllow`), or makes it ask again. */
    setToolAlwaysAllow: Mutation<Inputs['mcp']['setToolAlwaysAllow'], McpServerView>;
    remove: Mutation<Inputs['mcp']['remove'], { id: string }>;
    /** Stops the server and connects it again; rejects with the connect failure. */
    restart: Mutation<Inputs['mcp']['restart'], McpServerView>;
    /** The logging level the server is asked for (MCP `logging/setLevel`); `info` until changed. */
    logLevel: Query<Inputs['mcp']['logLevel'], { level: McpServerLogLevel }>;
    /** Keeps the server's logging level and sends it at once to a connected server that supports logging. */
    setLogLevel: Mutation<Inputs['mcp']['setLogLevel'], { level: McpServerLogLevel }>;
    /** The tools a server reported (raw MCP), from its connection's cache. */
    tools: Query<Inputs['mcp']['tools'], MCPTool[]>;
    /** The names (never the values) of the variables a stdio server is started with, and their sources. */
    envNames: Query<Inputs['mcp']['envNames'], McpServerEnvironment>;
    /** The names of the app's environment variables, offered by the form's "copy from my environment". */
    appEnvNames: Query<void, string[]>;
    /** What importing a pasted config would add, rename or skip, and its errors; changes nothing. */
    importPreview: Query<Inputs['mcp']['importPreview'], ImportPreview>;
    /** Adds every planned server in one transaction, or none. */
    importApply: Mutation<Inputs['mcp']['importApply'], { added: McpServerView[]; preview: ImportPreview }>;
    /** Other apps' MCP config files found on this machine. */
    importSources: Query<void, ImportSource[]>;
    /** The text of one of them, by app. */
    importSourceText: Query<Inputs['mcp']['importSourceText'], { text: string }>;
    /** Servers as `mcpServers` JSON; secrets as `${input:…}` references unless includeSecrets. */
    exportServers: Query<Inputs['mcp']['exportServers'], { text: string }>;
    /** `${input:id}` values: listed without the values; entering one restarts the servers that wait for it. */
    inputs: Query<void, SecretInputView[]>;
    setInput: Mutation<Inputs['mcp']['setInput'], void>;
    clearInput: Mutation<Inputs['mcp']['clearInput'], { cleared: boolean }>;
    /** Elftia's own servers that run now (clock-math; files once a folder is chosen), with their live state. */
    builtins: Query<void, McpServerView[]>;
    /** The built-in servers at start and after every connection or settings change. */
    onBuiltinsChanged: Subscription<McpServerView[]>;
    /**
     * The whole list at start and after every change, including the CLI's and every connection
     * change (state, tool count); each server carries its live `connection`.
     */
    onServersChanged: Subscription<McpServerView[]>;
    /** Approves a project server as it is now (its command line or URL); it then starts. */
    trust: Mutation<z.input<typeof serverIdInputSchema>, McpServerView>;
    /** Withdraws the approval: the project server stops and needs approval again. */
    untrust: Mutation<z.input<typeof serverIdInputSchema>, McpServerView>;
    /** Writes a project server into the global servers; answers the new global server. */
    copyToGlobal: Mutation<z.input<typeof serverIdInputSchema>, McpServerView>;
    /** Writes a global server into the open workspace's project file (NO_WORKSPACE without one). */
    copyToProject: Mutation<z.input<typeof serverIdInputSchema>, McpServerView>;
    /** One server's bounded, redacted log: all of it at start (a snapshot), then the lines added since. */
    onLogs: Subscription<McpLogUpdate, Inputs['mcp']['onLogs']>;
    presets: {
      /** Every preset, the servers already running it, and the provider that would lend its key. */
      list: Query<void, McpPresetView[]>;
      /** Adds (and so starts) the preset; VALIDATION names `apiKey` or `inputs.<key>`. */
      add: Mutation<Inputs['mcp']['presets']['add'], McpServerView>;
    };
    /** OAuth sign-in of an HTTP/SSE server; tokens never reach the renderer. */
    auth: {
      status: Query<Inputs['mcp']['auth']['status'], OAuthStatus>;
      /** Resolves with the authorization URL (opened in the browser by Electron, shown as a link in a browser window). */
      signIn: Mutation<Inputs['mcp']['auth']['signIn'], { authorizationUrl: string | null }>;
      cancelSignIn: Mutation<Inputs['mcp']['auth']['cancelSignIn'], OAuthStatus>;
      /** Forgets the tokens; the server reconnects without them. */
      signOut: Mutation<Inputs['mcp']['auth']['signOut'], OAuthStatus>;
      /** A pre-registered client id/secret; `clientId: null` goes back to dynamic registration. */
      setClient: Mutation<Inputs['mcp']['auth']['setClient'], OAuthStatus>;
      /** The status at start and after every change (signing in, signed in, needs sign-in). */
      onStatus: Subscription<OAuthStatus, Inputs['mcp']['auth']['onStatus']>;
    };
    dependencies: {
      /** Whether node/npx/uv/uvx runs on the servers' PATH; never starts a server. */
      check: Query<Inputs['mcp']['dependencies']['check'], DependencyStatus>;
      /** node, npm, npx, uv and uvx at once. */
      checkAll: Query<void, DependencyStatus[]>;
      /** What an install would run here (or the download page), before the user agrees; runs nothing. */
      plan: Query<Inputs['mcp']['dependencies']['plan'], DependencyInstallPreview>;
      /** The installer's output, then its verified result; unsubscribing cancels the install. */
      install: Subscription<DependencyInstallEvent, Inputs['mcp']['dependencies']['install']>;
    };
  };
  // Typed from the shared contract (shared/contracts/workspace.ts); createAppConnection proves the real client fits.
  workspace: {
    /** The open workspace, or null. */
    current: Query<void, WorkspaceView | null>;
    /** WORKSPACE_NOT_FOUND for a folder that does not exist; VALIDATION `path` for an empty one. */
    open: Mutation<z.input<typeof workspaceOpenSchema>, WorkspaceView>;
    close: Mutation<void, null>;
    /** Most recent first. */
    recent: Query<void, RecentWorkspace[]>;
    /** The open workspace now and after every change (open, close, an edit of its project file). */
    onChanged: Subscription<WorkspaceView | null>;
  };
  // Typed from the shared contract (shared/contracts/mcp-resources.ts); createAppConnection proves the real client fits.
  resources: {
    /** A server's resources, templates and prompts, and whether it takes subscriptions and completions. */
    catalog: Query<z.input<typeof serverIdInputSchema>, McpServerCatalog>;
    /** One resource's contents, bounded like an attachment (long text cut, large blobs left out). */
    read: Query<z.input<typeof resourceReadSchema>, ResourceReadView>;
    /** Suggestions for a prompt argument or a template variable, given what is typed. */
    complete: Query<CompleteInput, { values: string[]; hasMore: boolean }>;
    subscribe: Mutation<z.input<typeof resourceReadSchema>, void>;
    unsubscribe: Mutation<z.input<typeof resourceReadSchema>, void>;
    /** Each `notifications/resources/updated` of one server as it arrives. */
    onUpdated: Subscription<ResourceUpdateEvent, { id?: string } | undefined>;
    /** Runs the prompt with its arguments; its messages as composer parts. */
    getPrompt: Mutation<z.input<typeof promptGetSchema>, PromptRunView>;
  };
  registry: {
    /** A page of the MCP Registry (`registry.url`); from the cache with `offline: true` when it cannot be reached. */
    search: Query<Inputs['registry']['search'], RegistrySearchResult>;
    /** Install: VALIDATION names `inputs.<key>`; nothing is stored then. The new server starts like a preset's. */
    add: Mutation<Inputs['registry']['add'], McpServerView>;
  };
  dialogs: {
    /** Whether this window can open the system's folder chooser (Electron can; a browser cannot). */
    folderPicker: Query<void, { available: boolean }>;
    /** The chosen folder's absolute path, or null when cancelled. */
    pickFolder: Mutation<Inputs['dialogs']['pickFolder'], { path: string | null }>;
  };
  settings: {
    setLanguage: Mutation<Inputs['settings']['setLanguage'], AppSettings>;
    /** Light, dark, or 'system'; answers the settings as stored. */
    setTheme: Mutation<Inputs['settings']['setTheme'], AppSettings>;
    /** The folder the built-in files server may read in chats ('' = not offered). */
    filesFolder: Query<void, { folder: string }>;
    /** VALIDATION: `folder` is not absolute (absolutePath) or not an existing folder (folderNotFound). */
    setFilesFolder: Mutation<Inputs['settings']['setFilesFolder'], { folder: string }>;
    /** The npm registry and Python index stdio servers download from ('' = the default). */
    packageMirrors: Query<void, PackageMirrors>;
    /** VALIDATION names `npmRegistry` or `pythonIndex`; nothing is stored then. */
    setPackageMirrors: Mutation<Inputs['settings']['setPackageMirrors'], PackageMirrors>;
    /** The MCP Registry the Servers page browses (the official one by default). */
    registryUrl: Query<void, { url: string }>;
    /** VALIDATION `url` invalidHttpUrl; '' goes back to the official registry. */
    setRegistryUrl: Mutation<Inputs['settings']['setRegistryUrl'], { url: string }>;
    /** The system prompt new conversations start with ('' = none). */
    systemPrompt: Query<void, { systemPrompt: string }>;
    /** VALIDATION `systemPrompt` tooLong; nothing is stored then. */
    setSystemPrompt: Mutation<Inputs['settings']['setSystemPrompt'], { systemPrompt: string }>;
    /** The settings at start and after every change. */
    onChanged: Subscription<AppSettings>;
  };
  providers: {
    list: Query<void, ProviderRecord[]>;
    add: Mutation<Inputs['providers']['add'], ProviderRecord>;
    /** An omitted or empty apiKey keeps the stored key. */
    update: Mutation<Inputs['providers']['update'], ProviderRecord>;
    remove: Mutation<Inputs['providers']['remove'], unknown>;
    /** Answers a wrong key or an unreachable endpoint as `{ ok: false, code }` rather than throwing. */
    test: Mutation<Inputs['providers']['test'], ProviderTestResult>;
    /** The models the provider lists (cached per provider); a failure is `{ ok: false, code }` like test's. */
    models: Query<Inputs['providers']['models'], ProviderModelsResult>;
    /** Asks the provider again and caches the answer. */
    refreshModels: Mutation<Inputs['providers']['refreshModels'], ProviderModelsResult>;
    /** The form's "Fetch models" with the values as typed; VALIDATION `apiKey` reenterForNewAddress. */
    draftModels: Mutation<Inputs['providers']['draftModels'], ProviderModelsResult>;
  };
  // chat and approvals are typed from the shared contracts rather than from Inputs (the UI was built
  // before their routers existed); createAppConnection still proves the real client fits.
  chat: {
    conversations: {
      /** The whole list at start and after every change (added, removed, renamed, a new message). */
      onChanged: Subscription<ConversationRecord[]>;
      create: Mutation<z.input<typeof conversationCreateRequestSchema>, ConversationRecord>;
      update: Mutation<z.input<typeof conversationUpdateSchema>, ConversationRecord>;
      remove: Mutation<{ id: string }, unknown>;
    };
    messages: Query<{ conversationId: string }, ChatMessage[]>;
    /** The whole result of a call whose message carries a bounded copy (`result.shortened`). */
    toolResult: Query<z.input<typeof toolResultQuerySchema>, NonNullable<ToolCallView['result']>>;
    /** One image a message was sent with (ATTACHMENT_NOT_FOUND once it is gone). */
    attachment: Query<{ conversationId: string; attachmentId: string }, AttachmentData>;
    /** Starts a turn; the reply arrives on onConversation. */
    send: Mutation<z.input<typeof chatSendSchema>, unknown>;
    /** Replaces a user message and every later one by the new text, then answers it (no branches). */
    edit: Mutation<z.input<typeof chatEditSchema>, ChatMessage>;
    /** Runs the last turn again (Regenerate, and Retry after an error). */
    regenerate: Mutation<z.input<typeof chatRegenerateSchema>, unknown>;
    /** Ends the stream and cancels running tool calls. */
    stop: Mutation<{ conversationId: string }, unknown>;
    approve: Mutation<z.input<typeof approvalAnswerSchema>, unknown>;
    pendingApprovals: Query<{ conversationId: string }, ApprovalRequest[]>;
    /** Message snapshots, approval requests and resolutions, turn state and notices of one conversation. */
    onConversation: Subscription<ChatStreamEvent, { conversationId: string }>;
  };
  approvals: {
    /** The always-allowed tools at start and after every grant or revocation. */
    onPermissionsChanged: Subscription<ToolPermission[]>;
    revoke: Mutation<{ serverId: string; toolName: string }, unknown>;
    policy: Query<void, ApprovalPolicy>;
    /** A patch: only the fields given change. Answers the whole policy as stored. */
    setPolicy: Mutation<Partial<ApprovalPolicy>, ApprovalPolicy>;
  };
  /** MCP Apps (shared/contracts/apps.ts): an app's HTML, the sandbox it runs in, and its requests. */
  apps: {
    /** Where the sandbox proxy page is served (its own origin). */
    sandbox: Query<void, McpAppSandboxView>;
    /** The app's checked HTML with its CSP and permissions (APP_RESOURCE_INVALID otherwise). */
    resource: Query<z.input<typeof appsResourceSchema>, McpAppResourceView>;
    /** An app's `tools/call`: its own server's app-visible tools only, through the approval gate. */
    callTool: Mutation<AppsCallToolInput, AppToolCallResult>;
    /** An app's `ui/update-model-context`, sent with the conversation's next turn. */
    updateContext: Mutation<z.input<typeof appsUpdateContextSchema>, unknown>;
  };
  /** What servers ask of the user mid-call (shared/contracts/interactions.ts). */
  interactions: {
    state: Query<void, InteractionsState>;
    /** NOT_FOUND when nothing waits under the id; VALIDATION (by field name) for form values that do not fit. */
    answer: Mutation<{ id: string; answer: InteractionAnswer }, InteractionAnswerResult>;
    /** The pending interactions and sampled results now and after every change. */
    onChanged: Subscription<InteractionsState>;
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
