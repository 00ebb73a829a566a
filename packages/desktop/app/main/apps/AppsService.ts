/**
 * MCP Apps on the main side: the apps' HTML (AppResources) and where the sandbox proxy page is
 * served (set by whoever serves it: the headless host's listener, or Electron's `elftia-app:` scheme).
 */
import type { McpAppSandboxView } from '../../shared/contracts/apps';
import { AppError } from '../lib/errors';
import { AppResources, type AppResourceSource } from './AppResources';

export interface AppsServiceOptions {
  mcp: AppResourceSource;
}

export class AppsService {
  readonly resources: AppResources;
  private sandboxView: McpAppSandboxView | undefined;

  constructor(options: AppsServiceOptions) {
    this.resources = new AppResources(options.mcp);
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
