/**
 * The engine tools through the engine, against real server-everything: "many tools" mode,
 * use_mcp_tool and each of its failure messages, search_tools, access_mcp_resource, the built-in
 * servers, and what the turn reports as left out.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtinServerRecords } from '../../app/main/builtin-servers';
import type { EngineEvent } from '../../app/main/engine/engineTypes';
import type { ApprovalPolicy, ApprovalRequest } from '../../app/shared/contracts/chat';
import { type Harness, closeHarness, createHarness, fixture, stdioRecord, waitFor } from '../mcp/helpers';
import { type Approvals, FIXTURES, everythingRecord, only, openApprovals, runTurn } from './agentHarness';
import { type ScriptedCall, answer, callTools, definedToolNames, toolMessages } from './scriptedCompletion';

const everything = everythingRecord();
const idle = stdioRecord(path.join(FIXTURES, 'agent-annotated-server.mjs'), { name: 'idle' });
const broken = stdioRecord(fixture('eng-exit-server.mjs'), { name: 'broken' });

let harness: Harness;
let approvals: Approvals;
let asked: ApprovalRequest[];
const many: ApprovalPolicy = { autoApproveReadOnly: false, manyToolsThreshold: 5 };

beforeAll(async () => {
  harness = createHarness([everything, idle, broken]);
  await harness.service.connect(everything.id);
});

afterAll(async () => {
  await closeHarness(harness);
});

afterEach(() => approvals.db.close());

/** A fresh ApprovalService that allows every request once and remembers it. */
function allowAll(): Approvals {
  approvals = openApprovals();
  asked = [];
  approvals.service.onEvent((event) => {
    if (event.type !== 'requested') return;
    asked.push(event.request);
    queueMicrotask(() => approvals.service.answer(event.request.callId, 'allow_once'));
  });
  return approvals;
}

function engine(policy: ApprovalPolicy = many) {
  return { mcp: harness.service, approvals: allowAll().service, policy: () => policy };
}

const use = (id: string, args: Record<string, unknown>): ScriptedCall => ({ id, tool: { literal: 'use_mcp_tool' }, arguments: args });

describe('many tools mode', () => {
  it('offers use_mcp_tool, search_tools and access_mcp_resource instead of the tools above the threshold', async () => {
    const run = await runTurn({ engine: engine(), steps: [answer('ok')] });
    expect(definedToolNames(run.model.requests[0]!)).toEqual(['use_mcp_tool', 'search_tools', 'access_mcp_resource']);
    expect(run.model.requests[0]?.system).toMatch(/search_tools/);
    // Said before the first step, with what the chat's note needs: how many tools, and the threshold.
    const note = only(run.events.filter((e) => e.type === 'many_tools'));
    expect(note).toEqual({ type: 'many_tools', toolCount: (await harness.service.listServerTools(everything.id)).length, threshold: 5 });
    expect(note.toolCount).toBeGreaterThan(5);
    expect(run.events.indexOf(note)).toBeLessThan(run.events.findIndex((e) => e.type === 'step_start'));

    const below = await runTurn({ engine: engine({ ...many, manyToolsThreshold: 1000 }), steps: [answer('ok')] });
    const names = definedToolNames(below.model.requests[0]!);
    expect(names).toContain('mcp__everything__echo');
    expect(names).not.toContain('use_mcp_tool');
    expect(below.model.requests[0]?.system).toBeUndefined();
    expect(below.events.some((e) => e.type === 'many_tools')).toBe(false);
  });

  it("sends the conversation's system prompt, with the many-tools note after it", async () => {
    const run = await runTurn({ engine: engine(), steps: [answer('ok')], turn: { system: '  Answer in French.  ' } });
    expect(run.model.requests[0]?.system).toMatch(/^Answer in French\.\n\nMany MCP tools are available.*search_tools/s);

    const below = await runTurn({ engine: engine({ ...many, manyToolsThreshold: 1000 }), steps: [answer('ok')], turn: { system: 'Answer in French.' } });
    expect(below.model.requests[0]?.system).toBe('Answer in French.');
    const blank = await runTurn({ engine: engine({ ...many, manyToolsThreshold: 1000 }), steps: [answer('ok')], turn: { system: '   ' } });
    expect(blank.model.requests[0]?.system).toBeUndefined();
  });

  it('use_mcp_tool runs the tool behind its own approval and shows it as that tool', async () => {
    const run = await runTurn({ engine: engine(), steps: [callTools(use('u1', { server_name: 'Everything', tool_name: 'echo', arguments: { message: 'via' } })), answer('ok')] });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ serverId: everything.id, serverName: 'everything', toolName: 'echo', arguments: { message: 'via' }, annotations: { readOnlyHint: true } });
    expect(run.calls.get('u1')).toMatchObject({ providerToolName: 'use_mcp_tool', serverId: everything.id, toolName: 'echo', status: 'done', result: { text: 'Echo: via' } });
    expect(only(toolMessages(run.model.requests[1]))).toMatchObject({ name: 'use_mcp_tool', text: 'Echo: via', isError: false });
  });

  it('accepts the arguments as JSON text, as some models send them', async () => {
    const run = await runTurn({ engine: engine(), steps: [callTools(use('j', { server_name: 'everything', tool_name: 'echo', arguments: '{"message":"json"}' })), answer('ok')] });
    expect(run.calls.get('j')?.result?.text).toBe('Echo: json');
  });

  it('fails each check with a clear message and asks nobody', async () => {
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['noServerName', { tool_name: 'echo' }, 'INVALID_ARGUMENTS', /^"server_name" is required: the name of an MCP server\. Available servers: everything, idle, broken\.$/],
      ['unknownServer', { server_name: 'nope', tool_name: 'echo' }, 'SERVER_NOT_FOUND', /^No MCP server named "nope" is available in this conversation\. Available servers: everything, idle, broken\.$/],
      ['notConnected', { server_name: 'idle', tool_name: 'touch' }, 'NOT_CONNECTED', /^MCP server "idle" is not connected \(status: disconnected\)\./],
      ['unknownTool', { server_name: 'everything', tool_name: 'rm-rf' }, 'TOOL_NOT_FOUND', /^MCP server "everything" has no tool named "rm-rf"\. Its tools: echo, .*get-tiny-image/],
      ['missingField', { server_name: 'everything', tool_name: 'echo', arguments: {} }, 'INVALID_ARGUMENTS', /^Invalid arguments for "echo" on server "everything": Argument "message" must have required property 'message'\. Expected arguments:\n- message \(string, required\)/],
      ['wrongType', { server_name: 'everything', tool_name: 'get-sum', arguments: { a: 1, b: 'two' } }, 'INVALID_ARGUMENTS', /Argument "b" must be number/],
      ['everyProblem', { server_name: 'everything', tool_name: 'get-sum', arguments: { a: 'two' } }, 'INVALID_ARGUMENTS', /: Argument "b" must have required property 'b'; Argument "a" must be number\. Expected arguments:/],
      ['notJson', { server_name: 'everything', tool_name: 'echo', arguments: '{message:' }, 'INVALID_ARGUMENTS', /^"arguments" must be a JSON object; the text given is not valid JSON\.$/],
      ['array', { server_name: 'everything', tool_name: 'echo', arguments: [1] }, 'INVALID_ARGUMENTS', /^"arguments" must be a JSON object\.$/],
    ];
    const run = await runTurn({ engine: engine(), steps: [callTools(...cases.map(([id, args]) => use(id, args))), answer('ok')] });
    expect(asked).toEqual([]);
    const sent = new Map(toolMessages(run.model.requests[1]).map((m) => [m.toolCallId, m]));
    for (const [id, , code, message] of cases) {
      expect(run.calls.get(id), id).toMatchObject({ status: 'error', errorCode: code });
      expect(sent.get(id)?.isError, id).toBe(true);
      expect(sent.get(id)?.text, id).toMatch(message);
    }
    // The tool card gets what it needs to say the same in the user's language.
    expect(run.calls.get('everyProblem')).toMatchObject({
      errorParams: { tool: 'get-sum' },
      fieldErrors: [
        { field: 'b', code: 'required' },
        { field: 'a', code: 'wrongType', params: { type: 'number' } },
      ],
    });
    expect(run.calls.get('noServerName')?.fieldErrors).toEqual([{ field: 'server_name', code: 'required', reason: 'is required' }]);
    expect(run.calls.get('unknownTool')?.errorParams).toEqual({ server: 'everything', tool: 'rm-rf' });
  });

  it('search_tools finds tools by keyword, with their arguments, without approval', async () => {
    const run = await runTurn({
      engine: engine(),
      steps: [callTools({ id: 's', tool: { literal: 'search_tools' }, arguments: { query: 'echo back' } }, { id: 'two', tool: { literal: 'search_tools' }, arguments: { query: 'get', limit: 2 } }, { id: 'none', tool: { literal: 'search_tools' }, arguments: { query: 'zzqx' } }), answer('ok')],
    });
    expect(asked).toEqual([]);
    const text = run.calls.get('s')?.result?.text ?? '';
    expect(text).toMatch(/^1 tool\(s\) matching "echo back" \(of \d+\)\. Call one with use_mcp_tool\.\n\nserver_name: everything\ntool_name: echo\ndescription: Echoes back the input string\narguments:\n- message \(string, required\): Message to echo/);
    expect(run.calls.get('two')?.result?.text.match(/^tool_name: /gm)).toHaveLength(2);
    expect(run.calls.get('none')?.result?.text).toMatch(/^No tool matches "zzqx"/);
  });
});

describe('access_mcp_resource', () => {
  it('reads a server-everything document, whole, after approval', async () => {
    const [doc] = await harness.service.listResources(everything.id);
    const run = await runTurn({
      engine: engine(),
      steps: [callTools({ id: 'r', tool: { literal: 'access_mcp_resource' }, arguments: { server_name: 'everything', uri: doc!.uri } }), answer('ok')],
    });
    expect(only(asked)).toMatchObject({ toolName: 'access_mcp_resource', serverId: everything.id, annotations: { readOnlyHint: true } });
    const text = only(toolMessages(run.model.requests[1])).text;
    expect(text.startsWith(`[Resource: ${doc!.uri}, text/markdown]\n`)).toBe(true);
    expect(text.length).toBeGreaterThan(200);
    expect(run.calls.get('r')?.result?.content[0]).toMatchObject({ type: 'resource', resource: { uri: doc!.uri } });
  });

  it('summarises a blob and explains an unknown URI', async () => {
    const read = (id: string, uri: string): ScriptedCall => ({ id, tool: { literal: 'access_mcp_resource' }, arguments: { server_name: 'everything', uri } });
    const run = await runTurn({ engine: engine(), steps: [callTools(read('blob', 'demo://resource/dynamic/blob/1'), read('missing', 'demo://nothing/here')), answer('ok')] });
    expect(run.calls.get('blob')?.result?.text).toMatch(/^\[Resource: demo:\/\/resource\/dynamic\/blob\/1, text\/plain, \d+ bytes, binary\]$/);
    expect(run.calls.get('missing')).toMatchObject({ status: 'error', result: { text: expect.stringMatching(/^Could not read resource "demo:\/\/nothing\/here" from MCP server "everything": /) } });
  });
});

describe('built-in servers and omissions', () => {
  // The built-in servers run in McpService as system servers, beside the configured `everything`.
  const withSystem = createHarness([everything], { systemServers: () => builtinServerRecords() });
  afterAll(() => closeHarness(withSystem));

  it('offers the built-in tools beside MCP tools, approved under a builtin: server id, and not when tools are disabled', async () => {
    const withBuiltins = { ...engine({ ...many, manyToolsThreshold: 1000 }), mcp: withSystem.service };
    const run = await runTurn({ engine: withBuiltins, steps: [callTools({ id: 'b', tool: 'clock-math__current_time', arguments: { timeZone: 'UTC' } }), answer('ok')] });
    expect(only(asked)).toMatchObject({ serverId: 'builtin:clock-math', serverName: 'clock-math', toolName: 'current_time' });
    expect(run.calls.get('b')?.result?.text).toMatch(/^Time zone: UTC/);

    const disabled = await runTurn({ engine: withBuiltins, steps: [answer('ok')], turn: { toolMode: 'disabled' } });
    expect(disabled.model.requests[0]?.tools).toEqual([]);
  });

  it('offers the built-in tools in manual mode whatever is selected, and never among the servers use_mcp_tool may name', async () => {
    await withSystem.service.connect(everything.id);
    const withBuiltins = { ...engine(many), mcp: withSystem.service };
    const manual = await runTurn({ engine: withBuiltins, steps: [answer('ok')], turn: { toolMode: 'manual', selectedServerIds: [] } });
    expect(definedToolNames(manual.model.requests[0]!)).toEqual(expect.arrayContaining(['clock_math__calculate', 'clock_math__current_time']));
    const reach = await runTurn({
      engine: withBuiltins,
      steps: [callTools(use('u', { server_name: 'clock-math', tool_name: 'calculate', arguments: { expression: '1 + 1' } })), answer('ok')],
    });
    expect(reach.calls.get('u')?.result?.text).toMatch(/clock-math/);
    expect(reach.calls.get('u')?.result?.isError).toBe(true);
  });

  it('reports a built-in server that cannot start, with its reason, and still offers the others', async () => {
    const gone = path.join(os.tmpdir(), `elftia-no-such-folder-${process.pid}-${Date.now()}`);
    const failing = createHarness([], { systemServers: () => builtinServerRecords({ filesRoot: gone }) });
    try {
      const run = await runTurn({ engine: { ...engine({ ...many, manyToolsThreshold: 1000 }), mcp: failing.service }, steps: [answer('ok')] });
      const omitted = only(run.events.filter((e): e is Extract<EngineEvent, { type: 'tools_omitted' }> => e.type === 'tools_omitted'));
      expect(omitted.names).toEqual(['files__*']);
      expect(omitted.reasons).toEqual([expect.stringMatching(/^Built-in server "files": tools unavailable \(CONNECT_FAILED/)]);
      expect(definedToolNames(run.model.requests[0]!)).toEqual(expect.arrayContaining(['clock_math__calculate']));
    } finally {
      await closeHarness(failing);
    }
  });

  it('reports servers that could not be loaded and selections that no longer exist', async () => {
    const run = await runTurn({ engine: engine(), steps: [answer('ok')], turn: { toolMode: 'manual', selectedServerIds: [broken.id, 'srv-gone', everything.id] } });
    const omitted = only(run.events.filter((e): e is Extract<EngineEvent, { type: 'tools_omitted' }> => e.type === 'tools_omitted'));
    expect(omitted.names).toEqual(['mcp__broken__*']);
    expect(omitted.reasons[0]).toBe('MCP server srv-gone is selected for this conversation but no longer exists.');
    expect(omitted.reasons[1]).toMatch(/^MCP server "broken": tools unavailable \(CONNECT_FAILED/);
    expect(definedToolNames(run.model.requests[0]!)).toContain('use_mcp_tool');
  });
});

describe('a server still installing', () => {
  it('does not hold the turn: its tools are left out with the reason, and come with a later turn', async () => {
    const slow = stdioRecord(fixture('proc-echo-server.mjs'), { name: 'slow' });
    let release!: () => void;
    const downloaded = new Promise<void>((resolve) => (release = resolve));
    const own = createHarness([slow], {
      // A package download that takes as long as the test says (PackagePrefetcher's place).
      prepareServer: async (server, context) => {
        context.onInstalling({ packages: ['slow-server@1.0.0'] });
        await downloaded;
      },
    });
    try {
      const connecting = own.service.connect(slow.id);
      const setup = { mcp: own.service, approvals: allowAll().service, policy: () => ({ ...many, manyToolsThreshold: 1000 }) };

      await waitFor(async () => (await own.service.getState(slow.id))?.installing !== undefined, 5000, 'the installing phase');
      const during = await runTurn({ engine: setup, steps: [answer('ok')] });
      const omitted = only(during.events.filter((e): e is Extract<EngineEvent, { type: 'tools_omitted' }> => e.type === 'tools_omitted'));
      expect(omitted.names).toEqual(['mcp__slow__*']);
      expect(omitted.reasons).toEqual(['MCP server "slow": still installing its package (first start); its tools come with a later message.']);
      expect(definedToolNames(during.model.requests[0]!)).not.toContain('mcp__slow__echo');

      release();
      await connecting;
      const after = await runTurn({ engine: setup, steps: [answer('ok')] });
      expect(definedToolNames(after.model.requests[0]!)).toContain('mcp__slow__echo');
    } finally {
      release();
      await closeHarness(own);
    }
  });
});
