/**
 * The scripted LLM provider (packages/desktop/test/support/scriptedProvider) as its own process, one
 * per test, driven through its control endpoints; and the few UI steps every chat test shares.
 *
 * The `test` exported here is the host fixture's test plus `provider`: started before the test,
 * stopped after it whether it passed or not (and killed when the runner itself exits).
 */
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, EVERYTHING_ENTRY, expect, openSettings, ROOT, SCRIPTED_PROVIDER, test as hostTest } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';

const TOKEN_HEADER = 'x-scripted-provider-token';

/** The script's JSON form (scriptedProvider/script.ts); e2e is its own TS project, so it is restated. */
export interface ScriptToolCall {
  id?: string;
  name: string;
  arguments?: Record<string, unknown>;
  /** Sent verbatim instead of `arguments` (OpenAI and Anthropic only). */
  rawArguments?: string;
  /** How many pieces the argument JSON is streamed in (OpenAI, Anthropic); default 3. */
  fragments?: number;
}

export interface ScriptTurn {
  format?: 'openai' | 'anthropic' | 'google';
  text?: string[];
  toolCalls?: ScriptToolCall[];
  error?: { status: number; message?: string };
  malformed?: 'garbage' | 'truncated' | 'reset';
  hold?: boolean;
  chunkDelayMs?: number;
  /** Token counts to report (OpenAI: only when the request asked with stream_options.include_usage). */
  usage?: { input: number; output: number };
  /** What the request must carry, read in the wire format's own form; otherwise a 400 (outcome `unmet`). */
  expect?: { system?: string; images?: Array<{ mimeType: string; data: string }>; userText?: string[] };
}

export interface Script {
  turns?: ScriptTurn[];
  /** What GET …/models lists: ids, or ids with a display name. */
  models?: Array<string | { id: string; displayName?: string }>;
  apiKey?: string;
  validateTools?: boolean;
  /** The answer to Elftia's title requests (they take no turn); without it they are answered 500. */
  title?: ScriptTurn;
  refuseStreamOptions?: boolean;
}

/** What the provider received (RecordedRequest in scriptedProvider/server.ts), as far as tests read it. */
export interface RecordedRequest {
  seq: number;
  format: string | undefined;
  method: string;
  path: string;
  body: unknown;
  apiKey: string | undefined;
  outcome: string;
  turn?: number;
  clientAborted: boolean;
  /** 'title' for Elftia's title requests. */
  purpose?: 'title';
}

/** An OpenAI Chat Completions message as Elftia sends it. */
export interface OpenAIMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null | Array<{ type: string; text?: string; image_url?: { url: string } }>;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
}

export interface OpenAIRequestBody {
  model: string;
  stream: boolean;
  messages: OpenAIMessage[];
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
}

export class ScriptedProviderProcess {
  private constructor(
    private readonly child: ChildProcess,
    /** http://127.0.0.1:PORT */
    readonly url: string,
    private readonly controlToken: string,
  ) {}

  /** Starts `main.ts` and waits for its `{ url, controlToken }` line. */
  static async start(script: Script = {}): Promise<ScriptedProviderProcess> {
    const { child, announced } = await startAnnouncing<{ url: string; controlToken: string }>('scripted provider', [SCRIPTED_PROVIDER], ROOT);
    try {
      const { url, controlToken } = announced;
      const provider = new ScriptedProviderProcess(child, url, controlToken);
      await provider.setScript(script);
      return provider;
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
  }

  /** The base URL an OpenAI-format provider takes (the SDK appends /chat/completions). */
  get openaiBaseUrl(): string {
    return `${this.url}/v1`;
  }

  /** Replaces the script; starts again at its first turn and forgets the recorded requests. */
  async setScript(script: Script): Promise<void> {
    const response = await this.control('POST', '/__script', script);
    if (response.status !== 204) throw new Error(`POST /__script: ${response.status} ${await response.text()}`);
  }

  /** Every request the provider received since the script was set, oldest first. */
  async requests(): Promise<RecordedRequest[]> {
    const response = await this.control('GET', '/__requests');
    if (!response.ok) throw new Error(`GET /__requests: ${response.status}`);
    return (await response.json()) as RecordedRequest[];
  }

  /** The model requests of chat turns only (not /v1/models, not title requests), each with its OpenAI body. */
  async completions(): Promise<Array<RecordedRequest & { body: OpenAIRequestBody }>> {
    return (await this.requests()).filter((r) => r.path === '/v1/chat/completions' && r.purpose !== 'title') as Array<RecordedRequest & { body: OpenAIRequestBody }>;
  }

  /** The title requests Elftia sent after a first answer, each with its OpenAI body. */
  async titleRequests(): Promise<Array<RecordedRequest & { body: OpenAIRequestBody }>> {
    return (await this.requests()).filter((r) => r.purpose === 'title') as Array<RecordedRequest & { body: OpenAIRequestBody }>;
  }

  async state(): Promise<{ remainingTurns: number; requestCount: number }> {
    const response = await this.control('GET', '/__state');
    return (await response.json()) as { remainingTurns: number; requestCount: number };
  }

  async stop(): Promise<void> {
    await stopProcess(this.child);
  }

  private control(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<Response> {
    return fetch(`${this.url}${pathname}`, {
      method,
      headers: { [TOKEN_HEADER]: this.controlToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

export const test = hostTest.extend<{ provider: ScriptedProviderProcess }>({
  provider: async ({}, use) => {
    const provider = await ScriptedProviderProcess.start();
    try {
      await use(provider);
    } finally {
      await provider.stop();
    }
  },
});

export { expect };

export interface ProviderFields {
  name: string;
  /** The Type option's label. */
  type: 'OpenAI' | 'Anthropic' | 'Google Gemini' | 'OpenAI-compatible';
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** Settings → Providers → Add provider, filled and saved; ends on the Providers tab. */
export async function addProviderInUi(page: Page, fields: ProviderFields): Promise<void> {
  await openSettings(page);
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add provider' });
  await dialog.getByLabel('Name', { exact: true }).fill(fields.name);
  // The type first: it decides whether the Base URL field is required (and so its label).
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: fields.type });
  await dialog.getByLabel(/^Base URL/).fill(fields.baseUrl);
  await dialog.getByLabel('API key', { exact: true }).fill(fields.apiKey);
  await dialog.getByLabel('Model 1', { exact: true }).fill(fields.model);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Providers' }).getByRole('row').filter({ hasText: fields.name })).toBeVisible();
}

/** Adds server-everything as the stdio server "everything" through the real CLI; `wrap` runs it under another script first. */
export function addEverythingServer(cli: (args: string[]) => { status: number; stderr: string }, wrap?: string): void {
  const args = [...(wrap ? [`--arg=${wrap}`] : []), `--arg=${EVERYTHING_ENTRY}`, '--arg=stdio'];
  const added = cli(['mcp', 'add', 'everything', '--transport', 'stdio', '--command', process.execPath, ...args]);
  expect(added.status, added.stderr).toBe(0);
}

/** Settings → Servers: waits until the server reports Connected (a cold stdio start is slow on a busy machine). */
export async function expectServerConnected(page: Page, name: string): Promise<void> {
  await openSettings(page);
  const row = page.getByTestId('mcp-server-row').filter({ hasText: name });
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
}

/** Main navigation → Back to chat (from Settings); already in the chat, there is nothing to press. */
export async function openChat(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  const back = nav.getByRole('button', { name: 'Back to chat' });
  if ((await back.count()) > 0) await back.click();
}

/**
 * Opens the app with server-everything connected and one OpenAI-compatible provider pointing at the
 * scripted server, then starts a new conversation (which takes the first provider and model).
 */
export async function startConversation(
  page: Page,
  options: { url: string; provider: ScriptedProviderProcess; apiKey?: string; model?: string; providerName?: string },
): Promise<void> {
  const model = options.model ?? 'scripted-model';
  await page.goto(options.url);
  await expectServerConnected(page, 'everything');
  await addProviderInUi(page, {
    name: options.providerName ?? 'Scripted',
    type: 'OpenAI-compatible',
    baseUrl: options.provider.openaiBaseUrl,
    apiKey: options.apiKey ?? 'sk-scripted',
    model,
  });
  await openChat(page);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByTestId('model-picker')).toHaveAccessibleName(`Model: ${model} (${options.providerName ?? 'Scripted'})`);
  await expect(page.getByRole('button', { name: 'Tools: All servers' })).toBeVisible();
}

/** Types into the composer and presses Send. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}
