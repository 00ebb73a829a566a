/** The CLI's pure formatting: tool results, status tables, log lines, and its message catalog. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { formatCallResult, formatContentBlock, parseToolArguments } from '../../app/main/host/cli/callOutput';
import { UsageError } from '../../app/main/host/cli/command';
import { formatLogEntry } from '../../app/main/host/cli/mcpLogs';
import { errorLines, type StatusRow, statusTable } from '../../app/main/host/cli/mcpStatus';
import { displayWidth, formatTable } from '../../app/main/host/cli/output';
import { createTranslator } from '../../app/main/host/messages';
import type { McpServerState } from '../../app/shared/contracts/mcp-connection';
import { LOCALES_DIR } from './cliProcess';

const en = createTranslator(LOCALES_DIR, 'en');

describe('formatContentBlock', () => {
  it.each<[string, ContentBlock, string]>([
    ['text as is', { type: 'text', text: 'line 1\nline 2' }, 'line 1\nline 2'],
    ['image', { type: 'image', data: 'A'.repeat(5380), mimeType: 'image/png' }, '[image image/png, 5380 bytes base64]'],
    ['audio', { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }, '[audio audio/wav, 8 bytes base64]'],
    ['resource link', { type: 'resource_link', name: 'README', uri: 'file:///r/README.md' }, '[resource link README: file:///r/README.md]'],
    [
      'embedded text resource',
      { type: 'resource', resource: { uri: 'demo://a', mimeType: 'text/plain', text: 'hello' } },
      '[resource demo://a, text/plain, 5 characters of text]',
    ],
    ['embedded blob without a mime type', { type: 'resource', resource: { uri: 'demo://b', blob: 'AAAA' } }, '[resource demo://b, -, 4 bytes base64]'],
    ['a content type newer than this CLI', { type: 'hologram' } as unknown as ContentBlock, '[hologram content]'],
  ])('%s', (_, block, expected) => {
    expect(formatContentBlock(block, en)).toBe(expected);
  });
});

describe('formatCallResult', () => {
  it.each<[string, CallToolResult, string]>([
    ['one block per line, one final newline', { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b\n' }] }, 'a\nb\n'],
    ['structuredContent when there is no content', { content: [], structuredContent: { sum: 3 } }, '{\n  "sum": 3\n}\n'],
    ['an explicit note for an empty result', { content: [] }, '(the tool returned no content)\n'],
  ])('%s', (_, result, expected) => {
    expect(formatCallResult(result, en)).toBe(expected);
  });
});

describe('parseToolArguments', () => {
  it('returns the object, {} when --args is absent, and a usage error otherwise', () => {
    expect(parseToolArguments('{"a":{"b":[1]}}')).toEqual({ a: { b: [1] } });
    expect(parseToolArguments(undefined)).toEqual({});
    for (const bad of ['', '{', '"text"', '3', '[]', 'null']) expect(() => parseToolArguments(bad), bad).toThrow(UsageError);
  });
});

const state = (over: Partial<McpServerState>): McpServerState => ({
  serverId: 'id', serverName: 'x', status: 'connected', consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0, ...over,
});

describe('mcp status output', () => {
  const rows: StatusRow[] = [
    { name: 'good', transport: 'stdio', state: state({ serverInfo: { name: 'srv', version: '1.0' }, protocolVersion: '2025-06-18', toolCount: 4 }) },
    {
      name: 'bad',
      transport: 'http',
      state: state({ status: 'error', consecutiveErrors: 3, degraded: true, lastError: { code: 'CONNECT_FAILED', params: { detail: 'ECONNREFUSED\nsecond line' } } }),
    },
    { name: 'flaky', transport: 'sse', state: state({ consecutiveErrors: 0, lastError: { code: 'TIMEOUT', params: { timeoutMs: 1000 } } }) },
  ];

  it('puts server info, protocol, tools and errors in columns, marking degraded servers', () => {
    expect(statusTable(rows, en).split('\n')).toEqual([
      'NAME   TRANSPORT  STATUS     SERVER   PROTOCOL    TOOLS  ERRORS',
      'good   stdio      connected  srv 1.0  2025-06-18  4      0',
      'bad    http       error      -        -           0      3 (degraded)',
      'flaky  sse        connected  -        -           0      0',
    ]);
  });

  it('explains each error, with the cause indented, and tells a past error from a current one', () => {
    expect(errorLines(rows, en)).toEqual([
      'bad: Could not connect to the MCP server.',
      '  ECONNREFUSED',
      '  second line',
      'flaky (last error, since recovered): The MCP server did not answer in time.',
    ]);
  });

  it('says what happened: an exit code, a signal, a refused connection behind NOT_CONNECTED', () => {
    const row = (name: string, lastError: McpServerState['lastError']): StatusRow => ({ name, transport: 'stdio', state: state({ status: 'error', lastError }) });
    const zh = createTranslator(LOCALES_DIR, 'zh');
    const rows = [
      row('crashed', { code: 'CONNECTION_CLOSED', params: { cause: 'signal', signal: 'SIGKILL', detail: 'server process was killed by SIGKILL' } }),
      row('down', { code: 'NOT_CONNECTED', params: { lastError: 'CONNECT_FAILED', cause: 'refused' } }),
    ];
    expect(errorLines(rows, en)).toEqual([
      'crashed: The connection to the MCP server closed. The server process was killed by SIGKILL.',
      '  server process was killed by SIGKILL',
      'down: The MCP server is not connected. The connection was refused: nothing is listening at that address.',
    ]);
    expect(errorLines(rows.slice(0, 1), zh)[0]).toContain('与 MCP 服务器的连接已关闭。服务器进程被 SIGKILL 终止。');
  });

  it('shows a failure the state does not hold', () => {
    const row: StatusRow = { name: 'x', transport: 'stdio', state: state({ status: 'error' }), failure: { code: 'SERVER_NOT_FOUND' } };
    expect(errorLines([row], en)).toEqual(['x: That MCP server is not configured.']);
  });
});

describe('tables and log lines', () => {
  it('counts CJK characters as two columns so translated tables stay aligned', () => {
    expect(displayWidth('名前')).toBe(4);
    expect(displayWidth('ab')).toBe(2);
    expect(formatTable(['名前', '状態'], [['everything', 'x']])).toBe('名前        状態\neverything  x');
  });

  it('prints a log entry as UTC time, padded level and text', () => {
    expect(formatLogEntry({ seq: 1, timeMs: Date.UTC(2025, 0, 2, 3, 4, 5, 678), level: 'info', text: 'connected' })).toBe('2025-01-02T03:04:05.678Z  info    connected');
  });
});

describe('cli/messages catalog', () => {
  it('reads namespaced keys, falling back to English, then to the key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-locales-'));
    fs.mkdirSync(path.join(dir, 'en', 'cli'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'ja', 'cli'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'en', 'cli', 'messages.json'), JSON.stringify({ a: { hi: 'Hi {{name}}', only: 'English' } }));
    fs.writeFileSync(path.join(dir, 'ja', 'cli', 'messages.json'), JSON.stringify({ a: { hi: 'こんにちは {{name}}' } }));
    const ja = createTranslator(dir, 'ja');
    expect(ja('cli/messages:a.hi', { name: 'Ada' })).toBe('こんにちは Ada');
    expect(ja('cli/messages:a.only')).toBe('English');
    expect(ja('cli/messages:a.none')).toBe('cli/messages:a.none');
    fs.rmSync(dir, { recursive: true });
  });

  it('has every key the CLI source names', () => {
    const cliDir = fileURLToPath(new URL('../../app/main/host/cli/', import.meta.url));
    const keys = fs
      .readdirSync(cliDir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...fs.readFileSync(path.join(cliDir, file), 'utf8').matchAll(/['"`]cli\/messages:([\w.]+)['"`]/g)].map((m) => m[1]!));
    // The scan is not vacuous: status words, columns and success lines are all literal keys.
    expect(keys.length).toBeGreaterThan(30);
    const missing = keys.filter((key) => en(`cli/messages:${key}`) === `cli/messages:${key}`);
    expect(missing).toEqual([]);
  });
});
