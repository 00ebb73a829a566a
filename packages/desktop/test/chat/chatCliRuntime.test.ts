/**
 * `elftia chat` runs on the app's chat runtime (AppServices.chatEngine): the same tools as the app,
 * Elftia's built-in clock-math server included, stopped again when the command returns.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeText, SPAWN_TIMEOUT_MS } from '../cli/cliProcess';
import { API_KEY } from '../completion/helpers';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { tempDir } from '../support/tempDir';
import { runInProcess } from '../cli/inProcess';
import { chatInProcess, dataDirWithEverything, receivedRequests, type StandaloneProvider, startStandaloneProvider } from './chatCliHarness';

let provider: StandaloneProvider;
let everythingDir: string;

beforeAll(async () => {
  [provider, everythingDir] = await Promise.all([startStandaloneProvider({ apiKey: API_KEY, turns: [] }), dataDirWithEverything()]);
}, SPAWN_TIMEOUT_MS);
afterAll(() => {
  provider.child.kill('SIGTERM');
  fs.rmSync(everythingDir, { recursive: true, force: true });
});

async function setScript(script: ScriptInput): Promise<void> {
  const response = await fetch(`${provider.url}/__script`, { method: 'POST', headers: { 'x-scripted-provider-token': provider.controlToken }, body: JSON.stringify(script) });
  expect(response.status).toBe(204);
}

function chatArgs(dataDir: string, ...extra: string[]): string[] {
  return ['chat', '--data-dir', dataDir, '--provider', 'openai', '--base-url', `${provider.url}/v1`, '--model', 'scripted-model', '--api-key-env', 'KEY_VAR', '--message', 'What is 6 * 7?', ...extra];
}

/**
 * The tool names of the provider's first request (the OpenAI format: tools[].function.name, where
 * the engine's `clock-math__calculate` is sent as `clock_math__calculate`: OpenAI names allow no '-').
 */
async function offeredTools(): Promise<string[]> {
  const body = (await receivedRequests(provider))[0]?.body as { tools?: { function: { name: string } }[] } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

/** Processes this test process started that run the built-in clock-math server. */
function clockMathChildren(): string[] {
  const table = execFileSync('ps', ['-e', '-o', 'ppid=,args='], { encoding: 'utf8' });
  return table.split('\n').filter((line) => line.trim().startsWith(`${process.pid} `) && line.includes('clock-math'));
}

describe('elftia chat on the app chat runtime', () => {
  it('offers the built-in clock-math tools, runs one, and stops the server on exit', async () => {
    await setScript({
      apiKey: API_KEY,
      turns: [{ toolCalls: [{ id: 'call_1', name: 'clock_math__calculate', arguments: { expression: '6 * 7' } }] }, { text: ['42.'] }],
    });
    const result = await chatInProcess(chatArgs(tempDir('chat-cli-builtins-'), '--approve', 'always'), { env: { KEY_VAR: API_KEY } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await offeredTools()).toEqual(
      expect.arrayContaining(['clock_math__current_time', 'clock_math__convert_time', 'clock_math__date_add', 'clock_math__date_diff', 'clock_math__calculate']),
    );
    expect(result.stdout).toBe('▸ clock-math › calculate {"expression":"6 * 7"}\n    6 * 7 = 42\n42.\n');
    expect(clockMathChildren()).toEqual([]);
  }, SPAWN_TIMEOUT_MS);

  it('offers the built-in tools beside a --server server, as the app does in manual mode', async () => {
    await setScript({ apiKey: API_KEY, turns: [{ text: ['ok'] }] });
    const result = await chatInProcess(chatArgs(everythingDir, '--approve', 'never', '--server', 'everything'), { env: { KEY_VAR: API_KEY } });
    expect(result.code, result.stderr).toBe(0);
    const names = await offeredTools();
    expect(names).toContain('mcp__everything__echo');
    expect(names).toContain('clock_math__calculate');
  }, SPAWN_TIMEOUT_MS);

  it('Ctrl+C mid-turn exits 130 and leaves no built-in server running', async () => {
    await setScript({
      apiKey: API_KEY,
      turns: [{ toolCalls: [{ id: 'call_1', name: 'clock_math__calculate', arguments: { expression: '1 + 1' } }] }, { text: ['Thinking'], hold: true }],
    });
    const result = await runInProcess(chatArgs(tempDir('chat-cli-interrupt-'), '--approve', 'always'), {
      env: { KEY_VAR: API_KEY },
      onListening(signal) {
        // Once the model is streaming its second step, the built-in server has run a call.
        const timer = setInterval(() => {
          void receivedRequests(provider).then((requests) => {
            if (requests.length < 2) return;
            clearInterval(timer);
            signal('SIGINT');
          });
        }, 50);
      },
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toContain('▸ clock-math › calculate {"expression":"1 + 1"}\n    1 + 1 = 2\n');
    expect(clockMathChildren()).toEqual([]);
  }, SPAWN_TIMEOUT_MS);

  it('fails as before on a --server name that does not exist: exit 1, the translated error, no request', async () => {
    await setScript({ apiKey: API_KEY, turns: [{ text: ['never sent'] }] });
    const result = await chatInProcess(chatArgs(everythingDir, '--approve', 'never', '--server', 'nope'), { env: { KEY_VAR: API_KEY } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: ${localeText('en', 'errors.NOT_FOUND', { id: 'nope' })}\n`);
    expect(await receivedRequests(provider)).toEqual([]);
  }, SPAWN_TIMEOUT_MS);
});
