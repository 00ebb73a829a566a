import { describe, expect, it } from 'vitest';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServerState } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import {
  currentError,
  degradedErrorCount,
  splitErrorParams,
  statusText,
} from '../src/features/settings/components/tabs/tools-tab/status/serverStatus';

const base: McpServerView = {
  id: 'a',
  name: 'everything',
  type: 'stdio',
  config: { command: 'node' },
  timeoutSec: 60,
  enabled: true,
  disabledTools: [],
  alwaysAllow: [],
  createdAt: '',
  updatedAt: '',
  status: 'disconnected',
};

function view(status: McpServerView['status'], connection?: Partial<McpServerState>): McpServerView {
  if (!connection) return { ...base, status, enabled: status !== 'disabled' };
  const full: McpServerState = { serverId: 'a', serverName: 'everything', status, consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0, ...connection };
  return { ...base, status, enabled: status !== 'disabled', connection: full };
}

const lastError = { code: 'CONNECT_FAILED' as const, params: { detail: 'spawn nope ENOENT' } };

describe('statusText', () => {
  it.each([
    ['disabled', 'settings/tools:status.disabled'],
    ['disconnected', 'settings/tools:status.disconnected'],
    ['connecting', 'settings/tools:status.connecting'],
    ['connected', 'settings/tools:status.connected'],
    ['error', 'settings/tools:status.error'],
  ] as const)('%s → %s', (status, key) => {
    expect(statusText(view(status))).toEqual({ key, tone: status });
  });

  it('says "reconnecting" with the attempt while a reconnect is scheduled', () => {
    expect(statusText(view('error', { reconnect: { attempt: 2, nextAtMs: 0 } }))).toEqual({
      key: 'settings/tools:status.reconnecting',
      params: { attempt: 2 },
      tone: 'reconnecting',
    });
  });

  it('says "disabled", not "reconnecting", once the server is disabled', () => {
    expect(statusText(view('disabled', { reconnect: { attempt: 2, nextAtMs: 0 } })).tone).toBe('disabled');
  });
});

describe('installing', () => {
  it('says "installing" while a first start downloads its package, "connecting" after', () => {
    const installing = { packages: ['pkg@1.0.0'], startedAtMs: 0 };
    expect(statusText(view('connecting', { installing }))).toEqual({ key: 'settings/tools:status.installing', tone: 'connecting' });
    expect(statusText(view('connecting', {}))).toEqual({ key: 'settings/tools:status.connecting', tone: 'connecting' });
  });
});

describe('currentError', () => {
  it('is the last error only while the server is failing', () => {
    expect(currentError(view('error', { lastError }))).toEqual(lastError);
    expect(currentError(view('connected', { lastError }))).toBeUndefined();
    expect(currentError(view('disabled', { lastError }))).toBeUndefined();
    expect(currentError(view('error'))).toBeUndefined();
  });

  it('says a server whose stored secrets cannot be read will not start, whatever its state', () => {
    const unreadable = { ...view('disabled'), secretsUnreadable: true as const };
    expect(currentError(unreadable)).toEqual({ code: 'SECRETS_UNREADABLE', params: { server: 'everything' } });
  });
});

describe('degradedErrorCount', () => {
  it('is the consecutive-error count while degraded, unless disabled', () => {
    expect(degradedErrorCount(view('connected', { consecutiveErrors: 4, degraded: true }))).toBe(4);
    expect(degradedErrorCount(view('connected', { consecutiveErrors: 2, degraded: false }))).toBeUndefined();
    expect(degradedErrorCount(view('disabled', { consecutiveErrors: 4, degraded: true }))).toBeUndefined();
  });
});

describe('splitErrorParams', () => {
  it('keeps the detail apart from the message parameters', () => {
    expect(splitErrorParams({ code: 'TIMEOUT', params: { timeoutMs: 5000, detail: ' stderr tail \n' } })).toEqual({ params: { timeoutMs: 5000 }, detail: 'stderr tail' });
    expect(splitErrorParams({ code: 'TIMEOUT', params: { detail: '  ' } })).toEqual({ params: {}, detail: undefined });
    expect(splitErrorParams({ code: 'TIMEOUT' })).toEqual({ params: {}, detail: undefined });
  });
});
