/** `elftia chat --approve ask`'s prompt over the real ApprovalService on a real database. */
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../app/shared/contracts/chat';
import { openDatabase } from '../../app/main/db/database';
import { SettingsRepository } from '../../app/main/db/SettingsRepository';
import { ToolPermissionRepository } from '../../app/main/db/ToolPermissionRepository';
import { LineReader, TerminalApprovalGate } from '../../app/main/host/cli/chatApproval';
import { ApprovalService } from '../../app/main/approvals/ApprovalService';
import { tempDir } from '../support/tempDir';

const t = (key: string) => key;

function request(callId: string, destructive: boolean): ApprovalRequest {
  return { callId, conversationId: 'cli', serverId: 's1', serverName: 'files', toolName: 'delete', arguments: { path: '/tmp/x' }, destructive };
}

function gate(answers: string[], configAllows?: (serverId: string, toolName: string) => boolean) {
  const db = openDatabase(path.join(tempDir('chat-approval-'), 'elftia.db'));
  const service = new ApprovalService({ permissions: new ToolPermissionRepository(db), settings: new SettingsRepository(db), ...(configAllows ? { configAllows } : {}) });
  let stderr = '';
  const lines = new LineReader(Readable.from(answers.map((a) => `${a}\n`)));
  return { db, service, lines, gate: new TerminalApprovalGate(service, lines, (text) => (stderr += text), t), stderr: () => stderr };
}

describe('TerminalApprovalGate', () => {
  it('needs a typed "yes" before always allowing a destructive tool; otherwise allows once', async () => {
    const unconfirmed = gate(['a', 'no']);
    expect(await unconfirmed.gate.decide(request('c1', true), new AbortController().signal)).toBe('allow_once');
    expect(unconfirmed.service.listPermissions()).toEqual([]);
    expect(unconfirmed.stderr()).toContain('cli/messages:chat.approve.destructive');
    expect(unconfirmed.stderr()).toContain('cli/messages:chat.approve.notConfirmed');

    const confirmed = gate(['always', 'yes']);
    expect(await confirmed.gate.decide(request('c2', true), new AbortController().signal)).toBe('always_allow');
    expect(confirmed.service.listPermissions()).toMatchObject([{ serverId: 's1', toolName: 'delete' }]);
    // The grant now answers without a prompt, as it does in the app.
    expect(await confirmed.gate.decide(request('c3', true), new AbortController().signal)).toBe('always_allow');
    expect(confirmed.stderr().match(/chat\.approve\.question/g)).toHaveLength(1);
    unconfirmed.db.close();
    confirmed.db.close();
  });

  it("answers a tool in its server's alwaysAllow without a prompt and without a grant; other tools still ask", async () => {
    const allowed = gate(['n'], (serverId, toolName) => serverId === 's1' && toolName === 'delete');
    expect(await allowed.gate.decide(request('c1', true), new AbortController().signal)).toBe('always_allow');
    expect(allowed.stderr()).toBe('');
    expect(allowed.service.listPermissions()).toEqual([]);
    expect(await allowed.gate.decide({ ...request('c2', false), toolName: 'write' }, new AbortController().signal)).toBe('deny');
    expect(allowed.stderr()).toContain('cli/messages:chat.approve.question');
    allowed.db.close();
  });

  it('asks parallel calls one at a time, in order, and reports each as pending', async () => {
    const { gate: terminal, db, stderr } = gate(['o', 'd']);
    const pending: string[] = [];
    const signal = new AbortController().signal;
    const decisions = await Promise.all([
      terminal.decide(request('c1', false), signal, { onPending: (r) => pending.push(r.callId) }),
      terminal.decide(request('c2', false), signal, { onPending: (r) => pending.push(r.callId) }),
    ]);
    expect(decisions).toEqual(['allow_once', 'deny']);
    expect(pending).toEqual(['c1', 'c2']);
    expect(stderr().match(/chat\.approve\.call/g)).toHaveLength(2);
    db.close();
  });

  it('rejects when the turn stops while the question waits for input', async () => {
    const db = openDatabase(path.join(tempDir('chat-approval-'), 'elftia.db'));
    const service = new ApprovalService({ permissions: new ToolPermissionRepository(db), settings: new SettingsRepository(db) });
    const input = new Readable({ read() {} });
    const terminal = new TerminalApprovalGate(service, new LineReader(input), () => {}, t);
    const controller = new AbortController();
    const decided = terminal.decide(request('c1', false), controller.signal);
    controller.abort(new Error('stopped'));
    await expect(decided).rejects.toThrow('stopped');
    expect(service.listPending()).toEqual([]);
    input.push(null);
    db.close();
  });
});
