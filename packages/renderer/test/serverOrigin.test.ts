import { describe, expect, it } from 'vitest';
import type { McpServerView } from '@elftia/desktop/router';
import { copyTarget, needsApproval, originOf, overriddenByName, trustSubject } from '../src/features/settings/components/tabs/tools-tab/origin/serverOrigin';
import { currentError, statusText } from '../src/features/settings/components/tabs/tools-tab/status/serverStatus';

const project = { kind: 'project' as const, workspace: '/w', file: '/w/.elftia/mcp.json' };
const trustError = { code: 'WORKSPACE_TRUST_REQUIRED' as const, params: { server: 'build', commandLine: 'node a.js', envNames: 'A, B' } };

function view(fields: Partial<McpServerView> = {}): McpServerView {
  return { id: 'project:build', name: 'build', type: 'stdio', config: { command: 'node' }, timeoutSec: 60, enabled: true, createdAt: '', updatedAt: '', status: 'error', disabledTools: [], alwaysAllow: [], ...fields };
}

function failing(fields: Partial<McpServerView> = {}): McpServerView {
  return view({ connection: { serverId: 'project:build', serverName: 'build', status: 'error', consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0, lastError: trustError }, ...fields });
}

describe('a project server waiting for approval', () => {
  it.each([
    ['untrusted by its trust view', view({ origin: project, trust: { trusted: false, commandLine: 'node a.js' } }), true],
    ['trusted', view({ origin: project, trust: { trusted: true, commandLine: 'node a.js' }, status: 'connected' }), false],
    ['without a trust view, by the connection’s WORKSPACE_TRUST_REQUIRED', failing({ origin: project }), true],
    ['switched off in the file', view({ origin: project, trust: { trusted: false }, status: 'disabled', enabled: false }), false],
    ['a global server (never asks)', failing({ origin: { kind: 'global' } }), false],
  ])('%s', (_case, server, expected) => {
    expect(needsApproval(server)).toBe(expected);
  });

  it('reads as a question, not a failure: its own badge tone and no error notice', () => {
    const server = failing({ origin: project, trust: { trusted: false } });
    expect(statusText(server)).toEqual({ key: 'settings/tools:status.needsApproval', tone: 'approval' });
    expect(currentError(server)).toBeUndefined();
  });

  it('shows what the connection named when there is no trust view', () => {
    expect(trustSubject(failing({ origin: project }))).toEqual({ trusted: false, commandLine: 'node a.js', envNames: ['A', 'B'] });
  });
});

describe('origins', () => {
  it('a view without origin is global, or built-in when marked so', () => {
    expect(originOf(view())).toEqual({ kind: 'global' });
    expect(originOf(view({ builtin: true }))).toEqual({ kind: 'builtin' });
  });

  it('a hidden global server is neither running nor failing, and names the project server that hides it', () => {
    const hidden = view({ id: 'g1', name: 'search', origin: { kind: 'global' }, overriddenBy: 'project:search', status: 'disconnected' });
    const hider = view({ id: 'project:search', name: 'search', origin: project, overrides: 'g1' });
    expect(statusText(hidden)).toEqual({ key: 'settings/tools:status.overridden', tone: 'overridden' });
    expect(currentError({ ...hidden, secretsUnreadable: true })).toBeUndefined();
    expect(overriddenByName(hidden, [hidden, hider])).toBe('search');
    expect(overriddenByName(hider, [hidden, hider])).toBeUndefined();
  });

  it.each([
    ['project', false, 'global'],
    ['project', true, 'global'],
    ['global', true, 'project'],
    ['global', false, undefined],
    ['builtin', true, undefined],
  ] as const)('a %s server with a workspace open: %s → copy to %s', (kind, open, expected) => {
    const origin = kind === 'project' ? project : { kind };
    expect(copyTarget(view({ origin }), open)).toBe(expected);
  });
});
