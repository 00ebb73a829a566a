/** Shared fixtures for the completion tests: providers pointing at the scripted server, tools, images. */
import net from 'node:net';
import { afterEach, expect } from 'vitest';
import type { ProviderKind, ResolvedProvider } from '../../app/shared/contracts/providers';
import type { CompletionEvent } from '../../app/main/completion/types';
import { CompletionError } from '../../app/main/completion/types';
import type { WireFormatName } from '../support/scriptedProvider/script';
import { type ScriptedProvider, type ScriptedProviderOptions, startScriptedProvider } from '../support/scriptedProvider/server';

export const FORMATS: WireFormatName[] = ['openai', 'anthropic', 'google'];

export const API_KEY = 'sk-test-4f9a1c';

const running: ScriptedProvider[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

/** A scripted provider closed after the current test. */
export async function scripted(options: ScriptedProviderOptions = {}): Promise<ScriptedProvider> {
  const server = await startScriptedProvider(options);
  running.push(server);
  return server;
}

/** The base URL each SDK expects: OpenAI's includes /v1, the others append their own version. */
export function baseUrlFor(format: WireFormatName, url: string): string {
  return format === 'openai' ? `${url}/v1` : url;
}

export function providerFor(format: WireFormatName, url: string, overrides: Partial<ResolvedProvider> = {}): ResolvedProvider {
  const kind: ProviderKind = format;
  return {
    id: `p-${format}`,
    name: `Scripted ${format}`,
    kind,
    baseUrl: baseUrlFor(format, url),
    models: ['scripted-model'],
    hasApiKey: true,
    apiKey: API_KEY,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export async function collect(stream: AsyncIterable<CompletionEvent>): Promise<CompletionEvent[]> {
  const events: CompletionEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export function textOf(events: CompletionEvent[]): string {
  return events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
}

export async function completionError(promise: Promise<unknown>): Promise<CompletionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CompletionError);
  return error as CompletionError;
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const ECHO_SCHEMA = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };

/** One valid tool definition in each provider's format (passes test/tools/providerRules.ts). */
export const VALID_TOOLS: Record<WireFormatName, unknown[]> = {
  openai: [{ type: 'function', function: { name: 'mcp__everything__echo', description: 'Echoes the message.', parameters: ECHO_SCHEMA, strict: false } }],
  anthropic: [{ name: 'mcp__everything__echo', description: 'Echoes the message.', input_schema: ECHO_SCHEMA }],
  google: [{ functionDeclarations: [{ name: 'mcp__everything__echo', description: 'Echoes the message.', parameters: { type: 'OBJECT', properties: { message: { type: 'STRING' } }, required: ['message'] } }] }],
};

/** One definition per provider that breaks a rule that provider enforces. */
export const BREAKING_TOOLS: Record<WireFormatName, { tools: unknown[]; expect: RegExp }> = {
  openai: {
    tools: [{ type: 'function', function: { name: 'mcp__fs__read_many', description: 'Reads files.', parameters: { type: 'object', properties: { paths: { type: 'array' } } }, strict: false } }],
    expect: /Invalid schema for function 'mcp__fs__read_many' \(tools\[1\]\).*array schema missing items/,
  },
  anthropic: {
    tools: [{ name: 'mcp__fs__read_many', description: 'Reads files.', input_schema: { type: 'object', properties: { 'file path': { type: 'string' } } } }],
    expect: /tools\.1\.custom\.input_schema: .*Property keys should match pattern/,
  },
  google: {
    // Not an unknown key such as additionalProperties: @google/genai drops those from `parameters` itself.
    tools: [{ functionDeclarations: [{ name: 'mcp__fs__read_many', description: 'Reads files.', parameters: { type: 'OBJECT', properties: { paths: { type: 'ARRAY' } } } }] }],
    expect: /Invalid JSON payload received\. items: missing field at 'tools\[1\]\.function_declarations\[0\]\.parameters\.properties\["paths"\]'/,
  },
};

/** A 1×1 transparent PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
