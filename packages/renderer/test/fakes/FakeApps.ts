/**
 * apps.* of FakeApi: the sandbox's address and each app's resource as a test scripts them, and the
 * app's requests answered as scripted (callTool) or stored (updateContext). The sandbox origin, the
 * resource checks and the call gate are tested against the real router (packages/desktop/test/apps)
 * and in Chromium (e2e/apps.spec.ts).
 */
import type { AppToolCallResult, McpAppResourceView, McpAppSandboxView } from '@elftia/desktop/shared/contracts/apps.ts';
import type { ElftiaApi } from '../../src/lib/api';
import { type CallRecorder, FakeTrpcError } from './CallRecorder';

export class FakeApps {
  sandbox: McpAppSandboxView = { url: 'http://127.0.0.1:7/sandbox/token/proxy.html', origin: 'http://127.0.0.1:7' };
  /** Resources by `${serverId} ${uri}`; an unknown one is APP_RESOURCE_INVALID. */
  readonly resources = new Map<string, McpAppResourceView>();
  /** apps.callTool's answer; by default the tool's name and arguments as one text. */
  callTool: (name: string, args: Record<string, unknown>) => AppToolCallResult = (name, args) => ({
    status: 'done',
    content: [{ type: 'text', text: `${name} ${JSON.stringify(args)}` }],
    isError: false,
  });

  constructor(private readonly recorder: CallRecorder) {}

  /** Scripts an app resource with no CSP domains and no permissions. */
  addResource(serverId: string, uri: string, html: string, fields: Partial<McpAppResourceView> = {}): McpAppResourceView {
    const resource: McpAppResourceView = { serverId, uri, html, csp: {}, permissions: {}, ...fields };
    this.resources.set(`${serverId} ${uri}`, resource);
    return resource;
  }

  readonly api: ElftiaApi['apps'] = {
    sandbox: { query: () => this.recorder.run('apps.sandbox', undefined, () => this.sandbox) },
    resource: {
      query: (input) =>
        this.recorder.run('apps.resource', input, () => {
          const resource = this.resources.get(`${input.serverId} ${input.uri}`);
          if (!resource) throw new FakeTrpcError({ code: 'APP_RESOURCE_INVALID', params: { uri: input.uri } });
          return resource;
        }),
    },
    callTool: { mutate: (input) => this.recorder.run('apps.callTool', input, () => this.callTool(input.name, input.arguments ?? {})) },
    updateContext: { mutate: (input) => this.recorder.run('apps.updateContext', input, () => undefined) },
  };
}
