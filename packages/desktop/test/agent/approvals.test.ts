/**
 * Approval before every call, end to end through the engine: a scripted model calls real
 * server-everything and fixture tools; ApprovalService on a real SQLite file answers.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../app/main/lib/errors';
import type { ApprovalService } from '../../app/main/approvals/ApprovalService';
import { DECLINED_TEXT } from '../../app/main/engine/runToolCall';
import type { ApprovalDecision } from '../../app/shared/contracts/chat';
import { type Harness, closeHarness, createHarness, recordFile, stdioRecord } from '../mcp/helpers';
import { type Approvals, FIXTURES, everythingRecord, only, openApprovals, runTurn } from './agentHarness';
import { answer, callTools, toolMessages } from './scriptedCompletion';

const everything = everythingRecord();
const calls = recordFile();
const annotated = stdioRecord(path.join(FIXTURES, 'agent-annotated-server.mjs'), { name: 'annotated' }, { MCP_FIXTURE_RECORD: calls.path });

let harness: Harness;
let approvals: Approvals;

beforeAll(async () => {
  harness = createHarness([everything, annotated]);
  await Promise.all([harness.service.connect(everything.id), harness.service.connect(annotated.id)]);
});

afterAll(async () => {
  await closeHarness(harness);
  calls.cleanup();
});

afterEach(() => approvals?.db.close());

/** Answers every request the service raises with `decision`, and counts them. */
function answerWith(service: ApprovalService, decision: ApprovalDecision, options = {}): { asked: string[] } {
  const asked: string[] = [];
  service.onEvent((event) => {
    if (event.type !== 'requested') return;
    asked.push(event.request.toolName);
    queueMicrotask(() => service.answer(event.request.callId, decision, options));
  });
  return { asked };
}

function turn(steps: Parameters<typeof runTurn>[0]['steps']) {
  return runTurn({ engine: { mcp: harness.service, approvals: approvals.service }, steps });
}

describe('approval through the engine', () => {
  it('asks before echo, runs it once allowed, feeds the result back and lets the model answer', async () => {
    approvals = openApprovals();
    const { asked } = answerWith(approvals.service, 'allow_once');
    const run = await turn([callTools({ id: 'c1', tool: 'mcp__everything__echo', arguments: { message: 'hi' } }), answer('It said hi.')]);

    expect(asked).toEqual(['echo']);
    const request = only(run.events.flatMap((e) => (e.type === 'approval_requested' ? [e.request] : [])));
    expect(request).toMatchObject({ callId: 'c1', conversationId: 'conv-1', serverId: everything.id, serverName: 'everything', arguments: { message: 'hi' }, destructive: false });
    expect(run.views.map((v) => v.status)).toEqual(['awaiting_approval', 'running', 'done']);
    expect(run.calls.get('c1')?.result).toMatchObject({ text: 'Echo: hi', isError: false });
    expect(toolMessages(run.model.requests[1])).toEqual([{ role: 'tool', toolCallId: 'c1', name: 'mcp__everything__echo', text: 'Echo: hi', isError: false, images: [] }]);
    expect(run.result.stopReason).toBe('answered');
    expect(run.result.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
    expect(run.result.messages.at(-1)).toMatchObject({ text: 'It said hi.', toolCalls: [] });
  });

  it('on deny, never calls the server and tells the model the user declined', async () => {
    approvals = openApprovals();
    answerWith(approvals.service, 'deny');
    const run = await turn([callTools({ id: 'd1', tool: 'mcp__annotated__touch', arguments: { path: 'a.txt' } }), answer('Understood.')]);

    expect(run.calls.get('d1')).toMatchObject({ status: 'denied', toolName: 'touch' });
    expect(run.calls.get('d1')?.startedAtMs).toBeUndefined();
    expect(only(toolMessages(run.model.requests[1]))).toMatchObject({ toolCallId: 'd1', text: DECLINED_TEXT, isError: true });
    expect(calls.lines()).not.toContain('call touch a.txt');
    expect(run.result.stopReason).toBe('answered');
  });

  it('always_allow persists: the next call is not asked, also by a new service on the same database', async () => {
    approvals = openApprovals();
    const { asked } = answerWith(approvals.service, 'always_allow');
    await turn([callTools({ tool: 'mcp__annotated__touch', arguments: { path: 'b' } }), answer('ok')]);
    const second = await turn([callTools({ tool: 'mcp__annotated__touch', arguments: { path: 'c' } }), answer('ok')]);

    expect(asked).toEqual(['touch']);
    expect(second.events.some((e) => e.type === 'approval_requested')).toBe(false);
    expect(second.views.map((v) => v.status)).toEqual(['running', 'done']);
    // The call that ran without asking says so (the chat marks it and offers to revoke the grant).
    expect(second.views.map((v) => v.autoApproved)).toEqual(['always_allow', 'always_allow']);
    expect(approvals.service.listPermissions()).toEqual([{ serverId: annotated.id, serverName: 'annotated', toolName: 'touch', createdAt: '2026-01-02T00:00:00.000Z' }]);

    approvals.db.close();
    approvals = openApprovals(approvals.file);
    const third = await turn([callTools({ tool: 'mcp__annotated__touch', arguments: { path: 'd' } }), answer('ok')]);
    expect(third.events.some((e) => e.type === 'approval_requested')).toBe(false);
    expect(calls.lines()).toEqual(expect.arrayContaining(['call touch b', 'call touch c', 'call touch d']));

    expect(approvals.service.revoke(annotated.id, 'touch')).toBe(true);
    const { asked: askedAgain } = answerWith(approvals.service, 'allow_once');
    await turn([callTools({ tool: 'mcp__annotated__touch', arguments: { path: 'e' } }), answer('ok')]);
    expect(askedAgain).toEqual(['touch']);
  });

  it('runs readOnlyHint tools without asking only when the policy allows it', async () => {
    approvals = openApprovals();
    const { asked } = answerWith(approvals.service, 'allow_once');
    const script = () => [callTools({ tool: 'mcp__everything__echo', arguments: { message: 'r' } }, { tool: 'mcp__annotated__touch', arguments: { path: 'p' } }), answer('ok')];

    await turn(script());
    expect(asked.sort()).toEqual(['echo', 'touch']);

    asked.length = 0;
    approvals.service.setPolicy({ autoApproveReadOnly: true });
    const run = await turn(script());
    // touch claims nothing, so it still needs the user.
    expect(asked).toEqual(['touch']);
    expect([...run.calls.values()].map((v) => v.status)).toEqual(['done', 'done']);
    expect(new Map([...run.calls.values()].map((v) => [v.toolName, v.autoApproved]))).toEqual(
      new Map([
        ['echo', 'read_only'],
        ['touch', undefined],
      ]),
    );

    asked.length = 0;
    await turn([callTools({ tool: 'mcp__annotated__contradictory' }), answer('ok')]);
    expect(asked).toEqual(['contradictory']);
  });

  it('asks for the calls of one step together and runs each as soon as it is answered', async () => {
    approvals = openApprovals();
    const service = approvals.service;
    let together = 0;
    service.onEvent((event) => {
      if (event.type !== 'requested') return;
      together = Math.max(together, service.listPending().length);
      if (service.listPending().length === 2) {
        const [first, second] = service.listPending();
        queueMicrotask(() => {
          service.answer(second!.callId, 'deny');
          service.answer(first!.callId, 'allow_once');
        });
      }
    });
    const run = await turn([callTools({ id: 'p1', tool: 'mcp__annotated__touch', arguments: { path: 'one' } }, { id: 'p2', tool: 'mcp__annotated__touch', arguments: { path: 'two' } }), answer('ok')]);
    expect(together).toBe(2);
    expect(run.calls.get('p1')?.status).toBe('done');
    expect(run.calls.get('p2')?.status).toBe('denied');
    expect(service.listPending()).toEqual([]);
  });

  it('Stop while a call waits for approval cancels the request and the call, and never runs it', async () => {
    approvals = openApprovals();
    const controller = new AbortController();
    const resolved: string[] = [];
    approvals.service.onEvent((event) => {
      if (event.type === 'requested') queueMicrotask(() => controller.abort());
      if (event.type === 'resolved') resolved.push(`${event.callId}:${event.outcome}`);
    });
    const run = await runTurn({
      engine: { mcp: harness.service, approvals: approvals.service },
      steps: [callTools({ id: 's1', tool: 'mcp__annotated__touch', arguments: { path: 'stopped' } })],
      turn: { signal: controller.signal },
    });
    expect(run.result.stopReason).toBe('stopped');
    expect(run.views.map((v) => v.status)).toEqual(['awaiting_approval', 'cancelled']);
    expect(resolved).toEqual(['s1:cancelled']);
    expect(approvals.service.listPending()).toEqual([]);
    expect(calls.lines()).not.toContain('call touch stopped');
  });

  it('cannot always-allow a destructive tool without the second confirmation', async () => {
    approvals = openApprovals();
    const service = approvals.service;
    const refusals: unknown[] = [];
    service.onEvent((event) => {
      if (event.type !== 'requested') return;
      queueMicrotask(() => {
        try {
          service.answer(event.request.callId, 'always_allow');
        } catch (error) {
          refusals.push(error);
          // Still pending after the refusal: the confirmed answer goes through.
          service.answer(event.request.callId, 'always_allow', { confirmedDestructive: true });
        }
      });
    });
    const run = await turn([callTools({ id: 'w1', tool: 'mcp__annotated__wipe', arguments: { folder: 'tmp' } }), answer('ok')]);

    const request = only(run.events.flatMap((e) => (e.type === 'approval_requested' ? [e.request] : [])));
    expect(request).toMatchObject({ destructive: true, annotations: { destructiveHint: true } });
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toBeInstanceOf(AppError);
    expect(refusals[0]).toMatchObject({ code: 'VALIDATION', fieldErrors: [{ field: 'confirmedDestructive', code: 'required' }] });
    expect(run.calls.get('w1')?.status).toBe('done');
    expect(service.listPermissions().map((p) => p.toolName)).toEqual(['wipe']);
  });
});
