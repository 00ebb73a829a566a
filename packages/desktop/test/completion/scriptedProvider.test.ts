/**
 * The scripted provider as Playwright and the CLI tests use it: a separate process printing its URL
 * and control token, driven over its guarded control endpoints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { CompletionService } from '../../app/main/completion/CompletionService';
import { CONTROL_TOKEN_HEADER } from '../support/scriptedProvider/control';
import type { RecordedRequest } from '../support/scriptedProvider/server';
import { tempDir } from '../support/tempDir';
import { SCRIPTED_PROVIDER_BUNDLE } from '../support/testProcesses';
import { collect, providerFor, textOf } from './helpers';

const REPO = path.resolve(import.meta.dirname, '../../../..');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

async function startProcess(scriptFile?: string): Promise<{ url: string; controlToken: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SCRIPTED_PROVIDER_BUNDLE, ...(scriptFile ? ['--script', scriptFile] : [])], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [line] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
  return { ...(JSON.parse(line) as { url: string; controlToken: string }), child };
}

describe('scripted provider process', () => {
  it('serves the script from --script and records what it received', async () => {
    const file = path.join(tempDir(), 'script.json');
    fs.writeFileSync(file, JSON.stringify({ turns: [{ format: 'anthropic', text: ['from ', 'file'] }] }));
    const { url, controlToken } = await startProcess(file);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const events = await collect(new CompletionService().stream({ provider: providerFor('anthropic', url), model: 'claude-x', messages: [{ role: 'user', text: 'Hi' }], tools: [] }));
    expect(textOf(events)).toBe('from file');

    const requests = (await (await fetch(`${url}/__requests`, { headers: { [CONTROL_TOKEN_HEADER]: controlToken } })).json()) as RecordedRequest[];
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ format: 'anthropic', path: '/v1/messages', outcome: 'reply', body: { model: 'claude-x' } });
  });

  it('replaces the script over POST /__script, and refuses control calls without the token', async () => {
    const { url, controlToken } = await startProcess();
    const headers = { [CONTROL_TOKEN_HEADER]: controlToken, 'content-type': 'application/json' };
    expect((await fetch(`${url}/__requests`)).status).toBe(403);
    expect((await fetch(`${url}/__script`, { method: 'POST', headers: { [CONTROL_TOKEN_HEADER]: 'wrong' }, body: '{}' })).status).toBe(403);
    expect((await fetch(`${url}/__script`, { method: 'POST', headers, body: JSON.stringify({ turns: [{ texts: [] }] }) })).status).toBe(400);

    expect((await fetch(`${url}/__script`, { method: 'POST', headers, body: JSON.stringify({ turns: [{ text: ['replaced'] }] }) })).status).toBe(204);
    expect(await (await fetch(`${url}/__state`, { headers })).json()).toEqual({ remainingTurns: 1, requestCount: 0 });
    const events = await collect(new CompletionService().stream({ provider: providerFor('google', url), model: 'gemini-x', messages: [{ role: 'user', text: 'Hi' }], tools: [] }));
    expect(textOf(events)).toBe('replaced');
    expect(await (await fetch(`${url}/__state`, { headers })).json()).toEqual({ remainingTurns: 0, requestCount: 1 });
  });

  it('exits on SIGTERM', async () => {
    const { child } = await startProcess();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
