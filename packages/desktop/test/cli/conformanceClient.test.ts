/**
 * The pieces of `elftia conformance-client` that the conformance suite itself does not exercise:
 * reading the suite's variables, and the command staying out of the main help while its own help
 * and usage errors work. The scenarios themselves are tested by the suite (`pnpm conformance`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { UsageError } from '../../app/main/host/cli/command';
import { parseContext, readConformanceRun } from '../../app/main/host/cli/conformance/context';
import { scenarioRun } from '../../app/main/host/cli/conformance/scenarios';
import { inProcessCli } from './inProcessCli';

const cli = inProcessCli();
afterAll(cli.cleanup);
const run = cli.run;

describe('conformance-client: the suite variables', () => {
  it('reads the scenario, the protocol revision and the context', () => {
    const run = readConformanceRun({
      MCP_CONFORMANCE_SCENARIO: 'auth/pre-registration',
      MCP_CONFORMANCE_PROTOCOL_VERSION: '2026-07-28',
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ name: 'auth/pre-registration', client_id: 'pre-registered-client', client_secret: 's3cret', issuer: 'http://localhost:1' }),
    });
    expect(run.scenario).toBe('auth/pre-registration');
    expect(run.protocolVersion).toBe('2026-07-28');
    expect(run.context).toMatchObject({ client_id: 'pre-registered-client', client_secret: 's3cret' });
    // Fields a later suite release adds are kept, not refused.
    expect(run.context.issuer).toBe('http://localhost:1');
  });

  it('takes a missing or empty context and protocol revision as none', () => {
    expect(readConformanceRun({ MCP_CONFORMANCE_SCENARIO: 'initialize' })).toEqual({ scenario: 'initialize', protocolVersion: undefined, context: {} });
    expect(readConformanceRun({ MCP_CONFORMANCE_SCENARIO: 'initialize', MCP_CONFORMANCE_CONTEXT: ' ', MCP_CONFORMANCE_PROTOCOL_VERSION: '' }).context).toEqual({});
  });

  it('reads the tool calls of http-custom-headers, arguments defaulting to none', () => {
    const context = parseContext(JSON.stringify({ toolCalls: [{ name: 'test_custom_headers', arguments: { region: 'us-west1' } }, { name: 'bare' }] }));
    expect(context.toolCalls).toEqual([
      { name: 'test_custom_headers', arguments: { region: 'us-west1' } },
      { name: 'bare', arguments: {} },
    ]);
  });

  it.each([
    { env: {}, message: /MCP_CONFORMANCE_SCENARIO is not set/ },
    { env: { MCP_CONFORMANCE_SCENARIO: '  ' }, message: /MCP_CONFORMANCE_SCENARIO is not set/ },
    { env: { MCP_CONFORMANCE_SCENARIO: 'x', MCP_CONFORMANCE_CONTEXT: '{client_id:' }, message: /MCP_CONFORMANCE_CONTEXT: not valid JSON/ },
    { env: { MCP_CONFORMANCE_SCENARIO: 'x', MCP_CONFORMANCE_CONTEXT: '[1]' }, message: /MCP_CONFORMANCE_CONTEXT: not a context object/ },
    { env: { MCP_CONFORMANCE_SCENARIO: 'x', MCP_CONFORMANCE_CONTEXT: '{"client_id":7}' }, message: /MCP_CONFORMANCE_CONTEXT: not a context object at client_id/ },
    { env: { MCP_CONFORMANCE_SCENARIO: 'x', MCP_CONFORMANCE_CONTEXT: '{"toolCalls":[{"arguments":{}}]}' }, message: /at toolCalls\.0\.name/ },
  ])('refuses $env as a usage error', ({ env, message }) => {
    expect(() => readConformanceRun(env)).toThrow(UsageError);
    expect(() => readConformanceRun(env)).toThrow(message);
  });

  it('knows every client scenario of the 2025-11-25 and 2026-07-28 revisions, and no inherited name', () => {
    for (const name of ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults', 'json-schema-2020-12-preservation', 'request-metadata', 'sep-2322-client-request-state', 'http-standard-headers', 'http-custom-headers', 'http-invalid-tool-headers', 'json-schema-ref-no-deref', 'auth/metadata-default', 'auth/pre-registration', 'auth/iss-normalized']) {
      expect(scenarioRun(name), name).toBeTypeOf('function');
    }
    expect(scenarioRun('constructor')).toBeUndefined();
    expect(scenarioRun('auth/dpop')).toBeUndefined();
  });
});

describe('conformance-client: the command line', () => {
  it('stays out of `elftia --help` but has its own help', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('elftia mcp call');
    expect(top.stdout).not.toContain('conformance-client');
    const own = await run(['conformance-client', '--help']);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('Usage:\n  MCP_CONFORMANCE_SCENARIO=NAME elftia conformance-client URL');
  });

  it('exits 2 without touching any data dir when the scenario is missing or not one it takes part in', async () => {
    const missing = await run(['conformance-client', 'http://127.0.0.1:9/mcp']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/MCP_CONFORMANCE_SCENARIO is not set/);
    const unknown = await run(['conformance-client', 'http://127.0.0.1:9/mcp'], { MCP_CONFORMANCE_SCENARIO: 'auth/dpop' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/scenario auth\/dpop: not one this client takes part in/);
    expect(fs.existsSync(path.join(unknown.dataDir, DATABASE_FILE))).toBe(false);
  });
});
