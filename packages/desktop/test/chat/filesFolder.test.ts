/**
 * The built-in `files` server in chats, through the real composition root: offered only once a folder
 * is chosen in Settings, reading that folder, and following a new folder from the next turn on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../app/shared/contracts/chat';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { API_KEY, baseUrlFor, scripted } from '../completion/helpers';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { tempDir } from '../support/tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

async function setup(script: ScriptInput) {
  const provider = await scripted({ script: { apiKey: API_KEY, ...script } });
  const services = createAppServices({ dataDir: tempDir('files-folder-') });
  opened.push(services);
  const caller = createAppCaller({ services });
  const record = await caller.providers.add({ name: 'Scripted', kind: 'openai', baseUrl: baseUrlFor('openai', provider.url), apiKey: API_KEY, models: ['scripted-model'] });
  const controller = new AbortController();
  const conversation = await caller.chat.conversations.create({ providerId: record.id });
  const subscriber = createAppCaller({ services }, { signal: controller.signal });
  const iterator = (await subscriber.chat.onConversation({ conversationId: conversation.id }))[Symbol.asyncIterator]();
  await iterator.next();
  /** Sends, approves every tool call once, and waits for the turn's end. */
  const turn = async (text: string) => {
    await caller.chat.send({ conversationId: conversation.id, text });
    for (;;) {
      const next = await iterator.next();
      if (next.done) throw new Error('the stream ended');
      const event: ChatStreamEvent = next.value;
      if (event.type === 'approval') await caller.chat.approve({ callId: event.request.callId, decision: 'allow_once' });
      if (event.type === 'turn' && !event.running) return;
    }
  };
  const stop = async () => {
    controller.abort();
    await iterator.return?.(undefined);
  };
  return { provider, caller, turn, stop };
}

type OpenAiBody = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown }[] };
const toolNames = (body: unknown) => ((body as OpenAiBody).tools ?? []).map((t) => t.function.name);

function folderWith(name: string, text: string): string {
  const dir = tempDir('shared-');
  fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('the files folder', () => {
  it('refuses a relative path or a missing folder by name, and stores nothing', async () => {
    const { caller, stop } = await setup({ turns: [] });
    const fieldErrors = async (folder: string) => {
      const error = await caller.settings.setFilesFolder({ folder }).then(() => undefined, (e: unknown) => e);
      return appErrorData(error as TRPCError).fieldErrors;
    };
    expect(await fieldErrors('docs')).toEqual([{ field: 'folder', code: 'absolutePath' }]);
    expect(await fieldErrors(path.join(tempDir(), 'missing'))).toEqual([{ field: 'folder', code: 'folderNotFound' }]);
    const file = path.join(tempDir(), 'a-file.txt');
    fs.writeFileSync(file, 'x');
    expect(await fieldErrors(file)).toEqual([{ field: 'folder', code: 'folderNotFound' }]);
    expect(await caller.settings.filesFolder()).toEqual({ folder: '' });
    await stop();
  });

  it('offers files only once a folder is chosen, reads it, and follows a new folder from the next turn', async () => {
    const read = (id: string) => ({ id, name: 'files__read_text_file', arguments: { path: 'notes.txt' } });
    const { provider, caller, turn, stop } = await setup({
      turns: [
        { text: ['No files yet.'] },
        { toolCalls: [read('call_a')] },
        { text: ['Read A.'] },
        { toolCalls: [read('call_b')] },
        { text: ['Read B.'] },
      ],
    });
    await turn('What is in my notes?');

    const first = folderWith('notes.txt', 'alpha notes');
    await caller.settings.setFilesFolder({ folder: first });
    await turn('Now?');
    const second = folderWith('notes.txt', 'beta notes');
    await caller.settings.setFilesFolder({ folder: second });
    await turn('And now?');
    await stop();

    const replies = provider.requests.filter((r) => r.outcome === 'reply').map((r) => r.body as OpenAiBody);
    expect(toolNames(replies[0])).not.toContain('files__read_text_file');
    expect(toolNames(replies[1])).toContain('files__read_text_file');
    const toolResult = (body: OpenAiBody | undefined) => body?.messages.filter((m) => m.role === 'tool').at(-1)?.content;
    expect(toolResult(replies[2])).toBe('alpha notes');
    expect(toolResult(replies[4])).toBe('beta notes');
  });
});
