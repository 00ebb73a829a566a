/**
 * `elftia chat` against the scripted provider running standalone (its own process, as in the
 * Playwright and CLI setups) and real server-everything processes.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, localeText, runCli, SPAWN_TIMEOUT_MS } from '../cli/cliProcess';
import { API_KEY } from '../completion/helpers';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { chatInProcess, dataDirWithEverything, receivedRequests, type StandaloneProvider, startStandaloneProvider } from './chatCliHarness';

const ECHO = { name: 'mcp__everything__echo', arguments: { message: 'hi' } };

/** An OpenAI-format turn calling echo, then the model's answer. */
function echoScript(answer = 'It said hi.'): ScriptInput {
  return { apiKey: API_KEY, turns: [{ toolCalls: [{ id: 'call_1', ...ECHO }] }, { text: [answer] }] };
}

let provider: StandaloneProvider;
let dataDir: string;

const dataDirs: string[] = [];
beforeAll(async () => {
  dataDir = await dataDirWithEverything();
  dataDirs.push(dataDir);
}, SPAWN_TIMEOUT_MS);
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The command line for one run against `provider`, the key in KEY_VAR. */
function chatArgs(...extra: string[]): string[] {
  return ['chat', '--data-dir', dataDir, '--provider', 'openai', '--base-url', `${provider.url}/v1`, '--model', 'scripted-model', '--api-key-env', 'KEY_VAR', '--message', 'Echo hi', ...extra];
}

async function setScript(script: ScriptInput): Promise<void> {
  const response = await fetch(`${provider.url}/__script`, { method: 'POST', headers: { 'x-scripted-provider-token': provider.controlToken }, body: JSON.stringify(script) });
  expect(response.status).toBe(204);
}

describe('elftia chat', () => {
  beforeAll(async () => {
    provider = await startStandaloneProvider(echoScript());
  }, SPAWN_TIMEOUT_MS);

  afterAll(() => {
    provider.child.kill('SIGTERM');
  });

  it('runs a turn as a real process with --approve always: text, the tool call and its result', async () => {
    await setScript(echoScript());
    const result = await runCli(chatArgs('--approve', 'always'), cleanEnv({ KEY_VAR: API_KEY }));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('▸ everything › echo {"message":"hi"}\n    Echo: hi\nIt said hi.\n');
    const replies = (await receivedRequests(provider)).filter((r) => r.outcome === 'reply');
    expect(replies).toHaveLength(2);
  }, SPAWN_TIMEOUT_MS);

  it('asks on the terminal with --approve ask: once allows, deny tells the model, end of input denies', async () => {
    await setScript(echoScript());
    const allowed = await chatInProcess(chatArgs('--approve', 'ask'), { env: { KEY_VAR: API_KEY }, stdin: ['maybe', 'o'] });
    expect(allowed.code, allowed.stdout + allowed.stderr).toBe(0);
    expect(allowed.stderr, allowed.stdout).toContain(`${localeText('en', 'cli/messages:chat.approve.call', { server: 'everything', tool: 'echo', arguments: '{"message":"hi"}' })}\n`);
    expect(allowed.stderr).toContain(localeText('en', 'cli/messages:chat.approve.invalid'));
    expect(allowed.stdout).toContain('    Echo: hi\n');

    for (const stdin of [['d'], []]) {
      await setScript(echoScript('You declined.'));
      const denied = await chatInProcess(chatArgs('--approve', 'ask'), { env: { KEY_VAR: API_KEY }, stdin });
      expect(denied.code).toBe(0);
      expect(denied.stdout).toBe(`▸ everything › echo {"message":"hi"}\n    ${localeText('en', 'cli/messages:chat.denied')}\nYou declined.\n`);
      const second = (await receivedRequests(provider)).filter((r) => r.outcome === 'reply')[1]?.body as { messages: { role: string; content: string }[] };
      expect(second.messages.find((m) => m.role === 'tool')?.content).toMatch(/declined/i);
    }
  }, SPAWN_TIMEOUT_MS);

  it('prints the structured transcript with --json, and --approve never denies', async () => {
    await setScript(echoScript('Denied, fine.'));
    const result = await chatInProcess(chatArgs('--approve', 'never', '--json'), { env: { KEY_VAR: API_KEY } });
    expect(result.stderr).toBe("");
    expect(result.code, result.stderr + result.stdout).toBe(0);
    const output = JSON.parse(result.stdout) as { stopReason: string; messages: { role: string; text: string; status: string; toolCalls: { serverName: string; toolName: string; arguments: unknown; status: string }[] }[] };
    expect(output.stopReason).toBe('answered');
    expect(output.messages.map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'Echo hi', 'done'],
      ['assistant', '', 'done'],
      ['assistant', 'Denied, fine.', 'done'],
    ]);
    expect(output.messages[1]?.toolCalls, result.stdout).toMatchObject([{ serverName: 'everything', toolName: 'echo', arguments: { message: 'hi' }, status: 'denied' }]);
  }, SPAWN_TIMEOUT_MS);

  it('exits 1 with the translated provider error, in the user language', async () => {
    await setScript(echoScript());
    const english = await chatInProcess(chatArgs('--approve', 'always'), { env: { KEY_VAR: 'sk-wrong' } });
    expect(english.code).toBe(1);
    expect(english.stderr).toBe(`error: ${localeText('en', 'errors.PROVIDER_AUTH')}\n`);
    const japanese = await chatInProcess(chatArgs('--approve', 'always', '--json'), { env: { KEY_VAR: 'sk-wrong', LANG: 'ja_JP.UTF-8' } });
    expect(japanese.code).toBe(1);
    expect(JSON.parse(japanese.stdout)).toMatchObject({ stopReason: 'error', error: { code: 'PROVIDER_AUTH', message: localeText('ja', 'errors.PROVIDER_AUTH') } });
  }, SPAWN_TIMEOUT_MS);

  it('offers only the --server servers (manual), or every enabled one, and fails on an unknown name', async () => {
    const twoServers = await dataDirWithEverything(['everything', 'second']);
    dataDirs.push(twoServers);
    const toolNames = async (...extra: string[]) => {
      await setScript({ apiKey: API_KEY, turns: [{ text: ['ok'] }] });
      const args = chatArgs('--approve', 'never', ...extra);
      args[2] = twoServers;
      const result = await chatInProcess(args, { env: { KEY_VAR: API_KEY } });
      expect(result.code).toBe(0);
      const body = (await receivedRequests(provider))[0]?.body as { tools?: { function: { name: string } }[] };
      // Engine tools (access_mcp_resource) belong to no server; the servers show in the mcp__<server>__ prefix.
      return new Set((body.tools ?? []).flatMap((t) => /^mcp__([^_]+)__/.exec(t.function.name)?.slice(1) ?? []));
    };
    expect(await toolNames('--server', 'SECOND')).toEqual(new Set(['second']));
    expect(await toolNames()).toEqual(new Set(['everything', 'second']));

    const unknown = await chatInProcess(chatArgs('--approve', 'never', '--server', 'nope'), { env: { KEY_VAR: API_KEY } });
    expect(unknown.code).toBe(1);
  }, SPAWN_TIMEOUT_MS * 2);
});

describe('elftia chat usage', () => {
  const base = ['chat', '--provider', 'openai', '--model', 'm', '--approve', 'never', '--message', 'hi'];
  it.each([
    ['no --model', ['chat', '--provider', 'openai', '--approve', 'never', '--message', 'hi'], /--model is required/],
    ['no --message', ['chat', '--provider', 'openai', '--model', 'm', '--approve', 'never'], /--message is required/],
    ['an unknown provider', [...base, '--provider', 'cohere'], /--provider "cohere": expected one of openai, anthropic, google, openai-compatible/],
    ['an unknown approval mode', [...base, '--approve', 'sometimes'], /--approve "sometimes": expected one of ask, always, never/],
    ['openai-compatible without a base URL', [...base, '--provider', 'openai-compatible'], /--base-url: required/],
    ['a base URL that is not http', [...base, '--base-url', 'ftp://x'], /--base-url: invalidHttpUrl/],
    ['a key variable that is not set', [...base, '--api-key-env', 'NOT_SET_ANYWHERE'], /--api-key-env NOT_SET_ANYWHERE: the environment variable is not set/],
    ['a key on the command line', [...base, '--api-key', 'sk-secret'], /Unknown option '--api-key'/],
  ])('exits 2 for %s', async (_, args, message) => {
    const result = await chatInProcess(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
