/**
 * MCP Apps on the main side: the apps' HTML (AppResources), their tool calls, the context they give
 * the model, and where the sandbox proxy page is served (set by whoever serves it: the headless
 * host's listener, or Electron's `elftia-app:` scheme).
 */
import type { McpAppSandboxView } from '../../shared/contracts/apps';
import { AppError } from '../lib/errors';
import { AppModelContext } from './AppModelContext';
import { type AppResourceLog, AppResources, type AppResourceSource } from './AppResources';
import type { AppToolCall, AppToolCaller, AppToolCallResult } from './appToolCalls';

export interface AppsServiceOptions {
  mcp: AppResourceSource;
  /** An app's `tools/call` on the model's call path (engine/appToolCall.ts, wired in chatRuntime.ts). */
  callTool: AppToolCaller;
  /** The apps' model context, shared with the chat that sends it. */
  context: AppModelContext;
  /** Each app's CSP as read, for review (the server's log). Default none. */
  log?: AppResourceLog;
}

export class AppsService {
  readonly resources: AppResources;
  readonly context: AppModelContext;
  private sandboxView: McpAppSandboxView | undefined;

  constructor(private readonly options: AppsServiceOptions) {
    this.resources = new AppResources(options.mcp, options.log);
    this.context = options.context;
  }

  /** An app's `tools/call`: APP_TOOL_NOT_ALLOWED unless its own server's tool is callable by apps; then approval, then the call. */
  callTool(call: AppToolCall, signal: AbortSignal): Promise<AppToolCallResult> {
    return this.options.callTool(call, signal);
  }

  /** Where the sandbox proxy page is served; NOT_FOUND while nothing serves it (the CLI). */
  sandbox(): McpAppSandboxView {
    if (!this.sandboxView) throw new AppError('NOT_FOUND', { params: { id: 'app sandbox' }, message: 'no sandbox origin is served' });
    return this.sandboxView;
  }

  /** Called by whoever serves the page; the returned function withdraws it (when it is still the one served). */
  setSandbox(view: McpAppSandboxView): () => void {
    this.sandboxView = view;
    return () => {
      if (this.sandboxView === view) this.sandboxView = undefined;
    };
  }
}
