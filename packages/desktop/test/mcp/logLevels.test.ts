import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../app/main/db/database';
import { SettingsRepository } from '../../app/main/db/SettingsRepository';
import { settingsLogLevels } from '../../app/main/mcp/logLevels';
import { type Harness, closeHarness, createHarness, fixture, rawServer, stdioRecord, waitFor } from './helpers';

/**
 * The server's own log (`notifications/message`) reaches its log at its level, and the level it is
 * asked for (`logging/setLevel`, default info) is the user's per server, kept in the settings.
 */
let harness: Harness | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function loggingServer(logging: boolean) {
  const raw = rawServer();
  cleanups.push(raw.cleanup);
  const env = { ...raw.record.config.env, ...(logging ? { MCP_FIXTURE_LOGGING: '1' } : {}) };
  return { record: { ...raw.record, config: { ...raw.record.config, env } }, methods: raw.methods };
}

function tempSettings(): SettingsRepository {
  const dir = mkdtempSync(join(tmpdir(), 'log-levels-'));
  const db = openDatabase(join(dir, 'elftia.db'));
  cleanups.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return new SettingsRepository(db);
}

describe('server log level', () => {
  it('asks a server that offers logging for info on connect, and logs its messages at their level', async () => {
    const { record } = loggingServer(true);
    harness = createHarness([record]);
    await harness.service.connect(record.id);
    await waitFor(() => harness!.service.getLogs(record.id).some((l) => l.text === 'server: [raw] level set to info'), 5000, 'the info line');
    expect(harness.service.getLogs(record.id).find((l) => l.text.endsWith('level set to info'))?.level).toBe('info');
    await harness.service.setLogLevel(record.id, 'error');
    await waitFor(() => harness!.service.getLogs(record.id).some((l) => l.text === 'server: [raw] level set to error'), 5000, 'the error line');
    expect(harness.service.getLogs(record.id).find((l) => l.text.endsWith('level set to error'))?.level).toBe('error');
    expect(harness.service.getLogLevel(record.id)).toBe('error');
  });

  it('sends no level to a server without logging', async () => {
    const { record, methods } = loggingServer(false);
    harness = createHarness([record]);
    await harness.service.connect(record.id);
    await harness.service.setLogLevel(record.id, 'debug');
    expect(methods()).not.toContain('logging/setLevel');
    expect(harness.service.getLogLevel(record.id)).toBe('debug');
  });

  it.each([
    ['2026-07-28 (the level rides on each request)', 'process', 'modern'],
    ['2025 (logging/setLevel)', 'sdk', 'legacy'],
  ] as const)('%s: a tool call brings the server lines at or above the level', async (_era, stdio, era) => {
    const record = stdioRecord(fixture('modern-stdio-server.mjs'));
    harness = createHarness([record], {}, stdio);
    const lines = () => harness!.service.getLogs(record.id).map((l) => `${l.level} ${l.text}`);
    await harness.service.callTool(record.id, 'chatty', {}, 'c1');
    await waitFor(() => lines().includes(`warn server: chatty warning (${era})`), 5000, 'the warning line');
    expect(lines()).not.toContain(`info server: chatty debug (${era})`);
    await harness.service.setLogLevel(record.id, 'debug');
    await harness.service.callTool(record.id, 'chatty', {}, 'c2');
    await waitFor(() => lines().includes(`info server: chatty debug (${era})`), 5000, 'the debug line');
  });

  it('keeps the level in the settings: a new runtime asks for it on connect', async () => {
    const settings = tempSettings();
    const { record } = loggingServer(true);
    harness = createHarness([record], { logLevels: settingsLogLevels(settings) });
    await harness.service.setLogLevel(record.id, 'warning');
    await closeHarness(harness);
    harness = createHarness([record], { logLevels: settingsLogLevels(settings) });
    await harness.service.connect(record.id);
    await waitFor(() => harness!.service.getLogs(record.id).some((l) => l.text === 'server: [raw] level set to warning'), 5000, 'the warning line');
    expect(harness.service.getLogs(record.id).find((l) => l.text.endsWith('level set to warning'))?.level).toBe('warn');
  });
});
