import { afterEach, describe, expect, it } from 'vitest';
import { McpLogBuffer } from '../../app/main/mcp/McpLogBuffer';
import { createRedactor, redactorFor } from '../../app/main/mcp/redact';
import type { McpLogEntry } from '../../app/shared/contracts/mcp-connection';
import { type Harness, closeHarness, createHarness, fixture, stdioRecord, waitFor } from './helpers';

describe('redaction', () => {
  const server = {
    config: {
      env: { API_KEY: 'k3y', DEBUG: '1', REGION: 'eu-west-1-long-value' },
      headers: { Authorization: 'Bearer header-token-123', 'X-Flag': 'on' },
    },
  };
  const redact = redactorFor(server);

  it.each([
    ['key k3y used', 'key *** used'],
    ['region eu-west-1-long-value', 'region ***'],
    ['got header-token-123 back', 'got *** back'],
    ['Authorization: Bearer header-token-123', 'Authorization: ***'],
    ['DEBUG=1 flag on', 'DEBUG=1 flag on'],
    ['Authorization: Bearer someOtherToken99', 'Authorization: Bearer ***'],
    ['key sk-abcdefghijklmnopqrstuv here', 'key *** here'],
    ['gh ghp_abcdefghijklmnopqrstuvwxyz0123', 'gh ***'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijk', 'jwt ***'],
    ['url ?api_key=plainvalue&x=1', 'url ?api_key=***&x=1'],
    ['"password": "hunter22"', '"password": "***"'],
    ['run --token abc123def', 'run --token ***'],
    ['GET https://x.test/v1?key=AbC123xyz&alt=sse', 'GET https://x.test/v1?key=***&alt=sse'],
    ['x-api-key: k-9f8e7d', 'x-api-key: ***'],
  ])('%s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it("takes the secrets of a server's URL query and arguments from its log", () => {
    const remote = redactorFor({ config: { url: 'https://x.test/mcp?api_key=q-1a2b3c&page=2' } });
    expect(remote('echo q-1a2b3c done')).toBe('echo *** done');
    const local = redactorFor({ config: { command: 'srv', args: ['--token', 'tk-42z', '--api-key=ak-77y', '--port', '8080'] } });
    expect(local('got tk-42z and ak-77y on 8080')).toBe('got *** and *** on 8080');
  });

  it('masks a short secret where it stands alone, not inside a longer word', () => {
    const short = redactorFor({ config: { env: { TOKEN: 'x', API_KEY: 'k3y' } } });
    expect(short('read /srv/fixtures/x with k3y, not k3yboard')).toBe('read /srv/fixtures/*** with ***, not k3yboard');
  });

  it('replaces a longer secret whole even when it contains a shorter one', () => {
    expect(createRedactor(['abcdefgh', 'abcdefgh-ijkl'])('x abcdefgh-ijkl y')).toBe('x *** y');
  });
});

describe('McpLogBuffer', () => {
  function buffer(options: ConstructorParameters<typeof McpLogBuffer>[3]) {
    const emitted: McpLogEntry[] = [];
    const log = new McpLogBuffer(() => 42, (t) => t.replaceAll('secret', '***'), (e) => emitted.push(e), options);
    return { log, emitted };
  }

  it('keeps at most maxEntries, oldest dropped, numbered', () => {
    const { log, emitted } = buffer({ maxEntries: 3 });
    for (let i = 1; i <= 5; i += 1) log.add('info', `line ${i}`);
    expect(log.list().map((e) => e.text)).toEqual(['line 3', 'line 4', 'line 5']);
    expect(log.list().map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(emitted).toHaveLength(5);
    expect(emitted[0]).toEqual({ seq: 1, timeMs: 42, level: 'info', text: 'line 1' });
  });

  it('keeps at most maxBytes and cuts long lines', () => {
    const { log } = buffer({ maxBytes: 100, maxLineBytes: 40 });
    log.add('info', 'a'.repeat(30));
    log.add('info', 'b'.repeat(30));
    log.add('info', 'c'.repeat(30));
    log.add('info', `${'é'.repeat(30)}`);
    const texts = log.list().map((e) => e.text);
    expect(texts[0]).toBe('c'.repeat(30));
    expect(texts[1]).toMatch(/^é{20}… \[truncated\]$/);
    expect(texts.reduce((n, t) => n + Buffer.byteLength(t), 0)).toBeLessThanOrEqual(100);
  });

  it('splits stderr chunks into lines, holding a partial line until it completes; redacts', () => {
    const { log } = buffer({});
    log.addStderrChunk('first sec');
    log.addStderrChunk('ret line\r\nsecond');
    expect(log.list().map((e) => e.text)).toEqual(['first *** line']);
    log.flushStderr();
    expect(log.list().map((e) => [e.level, e.text])).toEqual([
      ['stderr', 'first *** line'],
      ['stderr', 'second'],
    ]);
    expect(log.tailStderr(1)).toEqual(['second']);
  });

  describe('a secret split by the line limit', () => {
    const secret = 'Sup3rSecretValue!';
    function realBuffer(options: ConstructorParameters<typeof McpLogBuffer>[3]) {
      const emitted: McpLogEntry[] = [];
      const log = new McpLogBuffer(() => 42, createRedactor([secret]), (e) => emitted.push(e), options);
      return { log, emitted };
    }
    /** No entry holds any 4-character piece of the secret. */
    function expectNoPieceOf(texts: string[]) {
      for (let i = 0; i + 4 <= secret.length; i += 1) for (const text of texts) expect(text).not.toContain(secret.slice(i, i + 4));
    }

    it('is redacted whole when the two chunks of its line meet past maxLineBytes', () => {
      const { log, emitted } = realBuffer({ maxLineBytes: 40 });
      // The first chunk alone is over the limit and ends inside the secret.
      log.addStderrChunk(`${'x'.repeat(36)}${secret.slice(0, 8)}`);
      log.addStderrChunk(`${secret.slice(8)} and more\nnext line\n`);
      const texts = emitted.map((e) => e.text);
      expect(texts).toEqual([`${'x'.repeat(36)}*** … [truncated]`, 'next line']);
      expectNoPieceOf(texts);
    });

    it('is redacted whole in a line far longer than the limit, which becomes one entry', () => {
      const { log, emitted } = realBuffer({ maxLineBytes: 40, redactionOverlapBytes: 64 });
      const chunks = [`${'x'.repeat(30)}${secret.slice(0, 5)}`, secret.slice(5, 12), `${secret.slice(12)}${'y'.repeat(50)}`, 'z'.repeat(500), 'tail of the long line\nafter'];
      for (const chunk of chunks) log.addStderrChunk(chunk);
      log.flushStderr();
      const texts = emitted.map((e) => e.text);
      expect(texts).toEqual([`${'x'.repeat(30)}***${'y'.repeat(7)}… [truncated]`, 'after']);
      expectNoPieceOf(texts);
    });
  });
});

describe("a real server's stderr", () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    if (harness) await closeHarness(harness);
    harness = undefined;
  });

  it('lands in the log with its env secret redacted, in entries and events alike', async () => {
    const secret = 'Sup3rSecretValue!';
    const record = stdioRecord(fixture('mcp-fault-server.mjs'), {}, { MCP_FIXTURE_SECRET: secret });
    const lines: string[] = [];
    harness = createHarness([record], { logger: { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) } });
    await harness.service.connect(record.id);
    await waitFor(() => harness!.service.getLogs(record.id).some((e) => e.text.includes('fault server ready')), 3000, 'the ready line');

    const logs = harness.service.getLogs(record.id);
    const start = logs.find((e) => e.level === 'stderr' && e.text.startsWith('starting with'));
    expect(start?.text).toBe('starting with token=*** and Authorization: Bearer ***');
    expect(logs.map((e) => e.level)).toContain('info');
    const everything = JSON.stringify([logs, harness.events, lines]);
    expect(everything).not.toContain(secret);
    expect(lines.some((l) => l.startsWith(`[mcp:${record.name}] connected: fault-server 1.2.3`))).toBe(true);
  });

  it('is redacted when a line over the entry limit arrives in two chunks that split a secret', async () => {
    const secret = 'Qz7wVb9Lk2Rt4Mn8';
    const record = stdioRecord(fixture('split-secret-stderr.mjs'), {}, { MCP_FIXTURE_SECRET: secret, MCP_FIXTURE_PAD: '60' });
    harness = createHarness([record], { logBuffer: { maxLineBytes: 64 } });
    await harness.service.connect(record.id);
    await waitFor(() => harness!.service.getLogs(record.id).some((e) => e.text.includes('fault server ready')), 5000, 'the ready line');

    const texts = harness.service.getLogs(record.id).map((e) => e.text);
    expect(texts).toContain(`${'x'.repeat(60)}*** … [truncated]`);
    for (let i = 0; i + 4 <= secret.length; i += 1) expect(JSON.stringify([texts, harness.events])).not.toContain(secret.slice(i, i + 4));
  });
});
