/**
 * resources.*: a server's resources, templates and prompts for the app, against the reference
 * server (@modelcontextprotocol/server-everything) run as a real process: browse, read, complete
 * template variables and prompt arguments, subscribe to updates, run prompts.
 */
import { describe, expect, it } from 'vitest';
import type { ResourceUpdateEvent } from '../../app/shared/contracts/mcp-resources';
import { appErrorData } from '../../app/main/routers/trpc';
import { everythingEntry } from '../mcp/helpers';
import { openApp, rejection } from '../support/appHarness';

async function everything() {
  const app = openApp();
  const server = await app.caller.mcp.add({ name: 'everything', type: 'stdio', command: process.execPath, args: [everythingEntry()], timeoutSec: 20 });
  return { ...app, id: server.id };
}

describe('resources router', () => {
  it('lists resources, templates with their variables, and prompts with their arguments; says it takes subscriptions and completions', async () => {
    const { caller, id } = await everything();
    const catalog = await caller.resources.catalog({ id });
    expect(catalog.canSubscribe).toBe(true);
    expect(catalog.canComplete).toBe(true);
    expect(catalog.resources).toContainEqual(expect.objectContaining({ uri: 'demo://resource/static/document/architecture.md', name: 'architecture.md', mimeType: 'text/markdown' }));
    expect(catalog.templates).toContainEqual(
      expect.objectContaining({ uriTemplate: 'demo://resource/dynamic/text/{resourceId}', name: 'Dynamic Text Resource', variables: ['resourceId'] }),
    );
    const args = catalog.prompts.find((prompt) => prompt.name === 'args-prompt');
    expect(args).toMatchObject({ title: 'Arguments Prompt', arguments: [expect.objectContaining({ name: 'city', required: true }), expect.objectContaining({ name: 'state', required: false })] });
  });

  it('reads a text resource and a template-made blob resource', async () => {
    const { caller, id } = await everything();
    const text = await caller.resources.read({ id, uri: 'demo://resource/dynamic/text/7' });
    expect(text.contents).toEqual([{ uri: 'demo://resource/dynamic/text/7', mimeType: 'text/plain', text: expect.stringMatching(/^Resource 7: This is a plaintext resource/) }]);
    const blob = await caller.resources.read({ id, uri: 'demo://resource/dynamic/blob/3' });
    expect(blob.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/blob/3', blob: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
  });

  it('completes a prompt argument narrowed by another, and a template variable', async () => {
    const { caller, id } = await everything();
    expect(await caller.resources.complete({ id, ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'S' } })).toEqual({
      values: ['Sales', 'Support'],
      hasMore: false,
    });
    const narrowed = await caller.resources.complete({
      id,
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { department: 'Engineering' },
    });
    expect(narrowed.values).toEqual(['Alice', 'Bob', 'Charlie']);
    const variable = await caller.resources.complete({ id, ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, argument: { name: 'resourceId', value: '12' } });
    expect(variable.values).toEqual(['12']);
  });

  it('runs a prompt with its arguments into composer parts: text, and an embedded resource', async () => {
    const { caller, id } = await everything();
    expect(await caller.resources.getPrompt({ id, name: 'args-prompt', arguments: { city: 'Lyon', state: 'Rhône' } })).toEqual({
      parts: [{ kind: 'text', role: 'user', text: "What's weather in Lyon, Rhône?" }],
    });
    const withResource = await caller.resources.getPrompt({ id, name: 'resource-prompt', arguments: { resourceType: 'Text', resourceId: '2' } });
    expect(withResource.parts).toContainEqual({ kind: 'resource', role: 'user', resource: expect.objectContaining({ uri: 'demo://resource/dynamic/text/2', text: expect.stringContaining('Resource 2') }) });
  });

  it('yields resources/updated for a subscribed resource, and stops after unsubscribe', async () => {
    const { caller, id } = await everything();
    const uri = 'demo://resource/dynamic/text/1';
    const updates = (await caller.resources.onUpdated({ id }))[Symbol.asyncIterator]();
    await caller.resources.subscribe({ id, uri });
    // The reference server notifies its subscribers once at once, then every 5 s, after this tool.
    await caller.mcp.callTool({ id, tool: 'toggle-subscriber-updates' });
    const first = (await updates.next()).value as ResourceUpdateEvent;
    expect(first).toEqual({ serverId: id, uri });
    await caller.resources.unsubscribe({ id, uri });
    await updates.return?.();
  });

  it('subscribes again after the server restarts: its new session is told, and updates keep coming', async () => {
    const { caller, id } = await everything();
    const uri = 'demo://resource/dynamic/text/2';
    await caller.resources.subscribe({ id, uri });
    await caller.mcp.restart({ id });
    const updates = (await caller.resources.onUpdated({ id }))[Symbol.asyncIterator]();
    // The new process knows of no subscriber until Elftia tells it again.
    await caller.mcp.callTool({ id, tool: 'toggle-subscriber-updates' });
    expect((await updates.next()).value).toEqual({ serverId: id, uri });
    await updates.return?.();
  });

  it('answers SERVER_NOT_FOUND for an unknown server and REQUEST_FAILED for an unknown prompt, translated', async () => {
    const { caller, id } = await everything();
    const unknown = await rejection(caller.resources.catalog({ id: 'nope' }));
    expect(appErrorData(unknown)).toMatchObject({ code: 'SERVER_NOT_FOUND' });
    const prompt = await rejection(caller.resources.getPrompt({ id, name: 'no-such-prompt' }));
    expect(appErrorData(prompt).code).toBe('REQUEST_FAILED');
  });

  it('refuses oversized input field by field', async () => {
    const { caller, id } = await everything();
    const error = await rejection(caller.resources.read({ id, uri: 'x'.repeat(9000) }));
    expect(appErrorData(error)).toMatchObject({ code: 'VALIDATION', fieldErrors: [{ field: 'uri', code: 'tooLong' }] });
  });
});
