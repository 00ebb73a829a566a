/**
 * ApprovalService on its own, on a real SQLite file: pending requests and their end, answers that are
 * refused, the policy in the settings table, grants and revocation; AutoApprovalGate; migration 0005.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../app/main/lib/errors';
import { SettingsRepository } from '../../app/main/db/SettingsRepository';
import { ToolPermissionRepository } from '../../app/main/db/ToolPermissionRepository';
import { APPROVAL_POLICY_KEY } from '../../app/main/approvals/approvalPolicy';
import type { ApprovalEvent } from '../../app/main/approvals/ApprovalService';
import { AutoApprovalGate } from '../../app/main/approvals/AutoApprovalGate';
import type { ApprovalRequest } from '../../app/shared/contracts/chat';
import { type Approvals, openApprovals } from './agentHarness';

let approvals: Approvals;
afterEach(() => approvals.db.close());

function request(partial: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return { callId: 'c1', conversationId: 'conv', serverId: 'srv-1', serverName: 'files', toolName: 'write', arguments: { a: 1 }, destructive: false, ...partial };
}

function capture(): ApprovalEvent[] {
  const events: ApprovalEvent[] = [];
  approvals.service.onEvent((e) => events.push(e));
  return events;
}

describe('ApprovalService', () => {
  it('keeps a request pending until answered, calling onPending once and emitting requested/resolved', async () => {
    approvals = openApprovals();
    const events = capture();
    let pendingCalls = 0;
    const decision = approvals.service.decide(request(), new AbortController().signal, { onPending: () => (pendingCalls += 1) });
    expect(approvals.service.listPending()).toEqual([request()]);
    approvals.service.answer('c1', 'allow_once');
    await expect(decision).resolves.toBe('allow_once');
    expect(pendingCalls).toBe(1);
    expect(events).toEqual([
      { type: 'requested', request: request() },
      { type: 'resolved', callId: 'c1', outcome: 'allow_once' },
    ]);
    expect(approvals.service.listPending()).toEqual([]);
  });

  it('rejects a pending request when its turn stops, and then refuses a late answer', async () => {
    approvals = openApprovals();
    const events = capture();
    const controller = new AbortController();
    const decision = approvals.service.decide(request(), controller.signal);
    controller.abort(new Error('stopped'));
    await expect(decision).rejects.toThrow('stopped');
    expect(events.at(-1)).toEqual({ type: 'resolved', callId: 'c1', outcome: 'cancelled' });
    expect(() => approvals.service.answer('c1', 'allow_once')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    await expect(approvals.service.decide(request({ callId: 'c2' }), AbortSignal.abort())).rejects.toBeDefined();
    expect(approvals.service.listPending()).toEqual([]);
  });

  it('refuses always_allow for a destructive tool until confirmed, and for a call with no server', async () => {
    approvals = openApprovals();
    const signal = new AbortController().signal;
    const destructive = approvals.service.decide(request({ destructive: true }), signal);
    expect(() => approvals.service.answer('c1', 'always_allow', { confirmedDestructive: false })).toThrow(AppError);
    expect(approvals.service.listPermissions()).toEqual([]);
    approvals.service.answer('c1', 'allow_once');
    await expect(destructive).resolves.toBe('allow_once');
    expect(approvals.service.listPermissions()).toEqual([]);

    const serverless = approvals.service.decide(request({ callId: 'c3', serverId: undefined }), signal);
    expect(() => approvals.service.answer('c3', 'always_allow')).toThrow(expect.objectContaining({ code: 'VALIDATION', fieldErrors: [{ field: 'decision', code: 'invalid' }] }));
    approvals.service.answer('c3', 'deny');
    await expect(serverless).resolves.toBe('deny');
  });

  it('grants per server and tool: another tool or server is still asked; revoke ends it', async () => {
    approvals = openApprovals();
    const signal = new AbortController().signal;
    const first = approvals.service.decide(request(), signal);
    approvals.service.answer('c1', 'always_allow');
    await first;
    await expect(approvals.service.decide(request({ callId: 'again' }), signal)).resolves.toBe('always_allow');
    void approvals.service.decide(request({ callId: 'other-tool', toolName: 'read' }), signal);
    void approvals.service.decide(request({ callId: 'other-server', serverId: 'srv-2' }), signal);
    expect(approvals.service.listPending().map((r) => r.callId)).toEqual(['other-tool', 'other-server']);
    expect(approvals.service.revoke('srv-1', 'write')).toBe(true);
    expect(approvals.service.revoke('srv-1', 'write')).toBe(false);
    expect(approvals.service.listPermissions()).toEqual([]);
  });

  it('stores the policy in the settings table, validates it, and reads unknown stored values as defaults', () => {
    approvals = openApprovals();
    expect(approvals.service.getPolicy()).toEqual({ autoApproveReadOnly: false, manyToolsThreshold: 40 });
    expect(approvals.service.setPolicy({ manyToolsThreshold: 12 })).toEqual({ autoApproveReadOnly: false, manyToolsThreshold: 12 });
    const settings = new SettingsRepository(approvals.db);
    expect(settings.get(APPROVAL_POLICY_KEY)).toEqual({ autoApproveReadOnly: false, manyToolsThreshold: 12 });
    expect(() => approvals.service.setPolicy({ manyToolsThreshold: 0 })).toThrow(expect.objectContaining({ code: 'VALIDATION', fieldErrors: [{ field: 'manyToolsThreshold', code: 'invalid' }] }));
    settings.set(APPROVAL_POLICY_KEY, { autoApproveReadOnly: 'yes', manyToolsThreshold: 7 });
    expect(approvals.service.getPolicy()).toEqual({ autoApproveReadOnly: false, manyToolsThreshold: 7 });
  });

  it('keeps the first grant date and the newest server name when granted twice (migration 0005 table)', () => {
    approvals = openApprovals();
    const columns = approvals.db.prepare<[], { name: string; pk: number }>("SELECT name, pk FROM pragma_table_info('tool_permissions')").all();
    expect(columns.filter((c) => c.pk > 0).map((c) => c.name)).toEqual(['server_id', 'tool_name']);
    const repository = new ToolPermissionRepository(approvals.db);
    repository.put({ serverId: 's', serverName: 'old', toolName: 't', createdAt: '2026-01-01T00:00:00.000Z' });
    repository.put({ serverId: 's', serverName: 'new', toolName: 't', createdAt: '2026-02-01T00:00:00.000Z' });
    expect(repository.list()).toEqual([{ serverId: 's', serverName: 'new', toolName: 't', createdAt: '2026-01-01T00:00:00.000Z' }]);
    expect(repository.get('s', 't')?.serverName).toBe('new');
    expect(repository.get('s', 'other')).toBeUndefined();
  });
});

describe('AutoApprovalGate', () => {
  it('allows or denies every call without asking, and honours an aborted turn', async () => {
    approvals = openApprovals();
    const signal = new AbortController().signal;
    let asked = false;
    const hooks = { onPending: () => (asked = true) };
    await expect(new AutoApprovalGate('always').decide(request(), signal, hooks)).resolves.toBe('allow_once');
    await expect(new AutoApprovalGate('never').decide(request(), signal, hooks)).resolves.toBe('deny');
    await expect(new AutoApprovalGate('always').decide(request(), AbortSignal.abort())).rejects.toBeDefined();
    expect(asked).toBe(false);
  });
});
