import { describe, expect, it } from 'vitest';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServiceErrorData } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import { failureSummary } from '../src/features/settings/components/tabs/tools-tab/status/failureRemedy';

const stdio = (command: string): McpServerView => ({
  id: 'a',
  name: 'tool',
  type: 'stdio',
  config: { command },
  timeoutSec: 60,
  enabled: true,
  disabledTools: [],
  alwaysAllow: [],
  createdAt: '',
  updatedAt: '',
  status: 'error',
});
const http: McpServerView = { ...stdio(''), type: 'http', config: { url: 'https://example.com/mcp' } };

const summary = (server: McpServerView, error: McpServiceErrorData) => {
  const { key, params, actions } = failureSummary(server, error);
  return { key: key.replace('settings/tools:failure.', ''), params, actions: actions.map((a) => (a.kind === 'installRuntime' ? `install:${a.command}` : a.kind)) };
};

describe('failureSummary', () => {
  it.each<[string, McpServerView, McpServiceErrorData, ReturnType<typeof summary>]>([
    [
      'a runner that is not installed (server start)',
      stdio('uvx'),
      { code: 'CONNECT_FAILED', params: { cause: 'commandNotFound', command: 'uvx', reason: 'commandNotFound', detail: '…' } },
      { key: 'commandNotFound', params: { command: 'uvx' }, actions: ['install:uvx', 'edit'] },
    ],
    [
      'a runner that is not installed (first-start download, main names only the reason)',
      stdio('C:\\Program Files\\nodejs\\npx.cmd'),
      { code: 'CONNECT_FAILED', params: { reason: 'commandNotFound', phase: 'install' } },
      { key: 'commandNotFound', params: { command: 'C:\\Program Files\\nodejs\\npx.cmd' }, actions: ['install:npx', 'edit'] },
    ],
    [
      'a command Elftia cannot install',
      stdio('python'),
      { code: 'CONNECT_FAILED', params: { cause: 'commandNotFound', command: 'python' } },
      { key: 'commandNotFound', params: { command: 'python' }, actions: ['edit'] },
    ],
    ['ENOENT as the reason', stdio('/usr/local/bin/uvx'), { code: 'CONNECT_FAILED', params: { reason: 'ENOENT' } }, { key: 'commandNotFound', params: { command: '/usr/local/bin/uvx' }, actions: ['install:uvx', 'edit'] }],
    ['a command that may not run', stdio('./srv'), { code: 'CONNECT_FAILED', params: { cause: 'spawnFailed', command: './srv' } }, { key: 'spawnFailed', params: { command: './srv' }, actions: ['edit', 'showLog'] }],
    ['a missing folder', stdio('node'), { code: 'CONNECT_FAILED', params: { cause: 'cwdNotFound' } }, { key: 'cwdNotFound', params: {}, actions: ['edit'] }],
    ['an exit', stdio('node'), { code: 'CONNECT_FAILED', params: { cause: 'exit', exitCode: 1 } }, { key: 'exit', params: { exitCode: 1 }, actions: ['showLog', 'retry'] }],
    ['a dropped session', stdio('node'), { code: 'CONNECTION_CLOSED', params: { cause: 'signal', signal: 'SIGKILL' } }, { key: 'signal', params: { signal: 'SIGKILL' }, actions: ['showLog', 'retry'] }],
    ['a closed stdout', stdio('node'), { code: 'CONNECT_FAILED', params: { cause: 'stdoutClosed' } }, { key: 'pipeClosed', params: {}, actions: ['showLog', 'retry'] }],
    ['HTTP 401', http, { code: 'CONNECT_FAILED', params: { cause: 'httpStatus', httpStatus: 401 } }, { key: 'unauthorized', params: { httpStatus: 401 }, actions: ['checkKey'] }],
    ['HTTP 403', http, { code: 'CONNECT_FAILED', params: { cause: 'httpStatus', httpStatus: 403 } }, { key: 'unauthorized', params: { httpStatus: 403 }, actions: ['checkKey'] }],
    ['HTTP 404', http, { code: 'CONNECT_FAILED', params: { cause: 'httpStatus', httpStatus: 404 } }, { key: 'notFoundUrl', params: { httpStatus: 404 }, actions: ['edit'] }],
    ['HTTP 503', http, { code: 'CONNECT_FAILED', params: { cause: 'httpStatus', httpStatus: 503 } }, { key: 'httpStatus', params: { httpStatus: 503 }, actions: ['retry', 'showLog'] }],
    ['refused', http, { code: 'CONNECT_FAILED', params: { cause: 'refused' } }, { key: 'refused', params: {}, actions: ['retry', 'edit'] }],
    ['an unknown host', http, { code: 'CONNECT_FAILED', params: { cause: 'hostNotFound' } }, { key: 'hostNotFound', params: {}, actions: ['edit', 'retry'] }],
    ['a reset', http, { code: 'CONNECT_FAILED', params: { cause: 'reset' } }, { key: 'network', params: {}, actions: ['retry', 'showLog'] }],
    ['a JSON-RPC error', http, { code: 'CONNECT_FAILED', params: { cause: 'serverError', mcpCode: -32603 } }, { key: 'serverError', params: { mcpCode: -32603 }, actions: ['showLog', 'retry'] }],
    ['nothing named', stdio('node'), { code: 'CONNECT_FAILED', params: { detail: 'x' } }, { key: 'connectFailed', params: {}, actions: ['showLog', 'retry'] }],
    ['unreadable secrets', stdio('node'), { code: 'SECRETS_UNREADABLE', params: { server: 'tool' } }, { key: 'secretsUnreadable', params: {}, actions: ['edit'] }],
    ['a borrowed key gone', http, { code: 'KEY_SOURCE_MISSING', params: { provider: 'Mine' } }, { key: 'keySourceMissing', params: { provider: 'Mine' }, actions: ['checkKey'] }],
    ['a failed download', stdio('npx'), { code: 'INSTALL_FAILED', params: { packages: 'p@1', exitCode: 1 } }, { key: 'installFailed', params: { packages: 'p@1' }, actions: ['showLog', 'retry'] }],
    ['a slow download', stdio('npx'), { code: 'INSTALL_TIMEOUT', params: { packages: 'p@1', timeoutSec: 300 } }, { key: 'installTimeout', params: { packages: 'p@1' }, actions: ['retry', 'showLog'] }],
    ['a timeout', stdio('node'), { code: 'TIMEOUT', params: { timeoutMs: 30000 } }, { key: 'timeout', params: {}, actions: ['showLog', 'retry', 'edit'] }],
    ['an incomplete configuration', stdio(''), { code: 'INVALID_CONFIG', params: { field: 'command' } }, { key: 'invalidConfig', params: {}, actions: ['edit'] }],
    ['anything else', stdio('node'), { code: 'REQUEST_FAILED' }, { key: 'other', params: {}, actions: ['showLog', 'retry'] }],
  ])('%s', (_name, server, error, expected) => {
    expect(summary(server, error)).toEqual(expected);
  });

  it('offers no runtime install for a network server', () => {
    expect(summary({ ...http, config: { command: 'npx' } }, { code: 'CONNECT_FAILED', params: { cause: 'commandNotFound' } }).actions).toEqual(['edit']);
  });
});
