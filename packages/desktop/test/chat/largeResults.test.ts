/**
 * A large tool result reaches the UI and the database as a bounded copy: every message snapshot and
 * chat.messages stay small however big the result, the whole result is stored once beside the
 * message (a file under the data dir) and chat.toolResult returns it, during the turn and after.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent, ToolCallView } from '../../app/shared/contracts/chat';
import { AppError } from '../../app/main/lib/errors';
import { aborted, openChat, record, view } from './chatHarness';

const BIG_TEXT = 'é'.repeat(3 * 1024 * 1024);
const PNG = 'iVBORw0KGgo'.repeat(600_000);

function bigResult(): NonNullable<ToolCallView['result']> {
  return {
    text: 'what the model read',
    content: [
      { type: 'text', text: 'A small heading' },
      { type: 'text', text: BIG_TEXT },
      { type: 'image', data: PNG, mimeType: 'image/png' },
    ],
    isError: false,
  };
}

const serializedSizes = (events: ChatStreamEvent[]) => events.map((event) => JSON.stringify(event).length);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('a large tool result', () => {
  it('is sent, listed and stored bounded, and chat.toolResult returns all of it, during the turn and after', async () => {
    const { chat, engine, repository, file } = openChat();
    let release = () => {};
    engine.add(async (options) => {
      options.onEvent({ type: 'step_start', stepIndex: 0 });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('big', 'running') });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('big', 'done', { result: bigResult() }) });
      options.onEvent({ type: 'text', stepIndex: 1, delta: 'That was a lot.' });
      await Promise.race([new Promise<void>((resolve) => (release = resolve)), aborted(options.signal)]);
      return { messages: [{ role: 'assistant', text: 'That was a lot.', toolCalls: [] }], stopReason: 'answered' };
    });
    const { id } = chat.create({ providerId: 'p1' });
    const events = record(chat, id);
    chat.send(id, 'go');
    await new Promise((resolve) => setTimeout(resolve, 50));

    // Mid-turn: the live copy is bounded too, and the whole result is there on request.
    const live = chat.messages(id)[1]?.toolCalls[0];
    // The size of every string of the content (types and mime types too).
    const payload = Buffer.byteLength(BIG_TEXT) + Buffer.byteLength('A small heading') + PNG.length;
    expect(live?.result?.shortened?.bytes).toBe(payload + 'text'.length * 2 + 'image'.length + 'image/png'.length);
    expect((await chat.toolResult(id, chat.messages(id)[1]!.id, 'big')).content).toEqual(bigResult().content);

    release();
    await chat.settled(id);
    // 3 MiB of text and 6.6 MB of image never went out in one message snapshot.
    expect(Math.max(...serializedSizes(events))).toBeLessThan(700 * 1024);
    const [, step] = repository.listMessages(id);
    const stored = step!.toolCalls[0]!.result!;
    expect(JSON.stringify(step).length).toBeLessThan(700 * 1024);
    expect(stored.content.map((item) => item.type)).toEqual(['text', 'text']);
    expect(stored.content[0]).toEqual({ type: 'text', text: 'A small heading' });
    expect(BIG_TEXT.startsWith((stored.content[1] as { text: string }).text)).toBe(true);
    expect(stored.text).toBe('what the model read');
    expect(stored.shortened).toEqual(live?.result?.shortened);

    // After the turn: from the file written beside the database, private to the user.
    const whole = await chat.toolResult(id, step!.id, 'big');
    expect(whole).toEqual(bigResult());
    const files = filesUnder(path.join(path.dirname(file), 'tool-results'));
    expect(files).toHaveLength(1);
    expect(fs.statSync(files[0]!).mode & 0o777).toBe(0o600);

    await expect(chat.toolResult(id, step!.id, 'no-such-call')).rejects.toMatchObject({ code: 'TOOL_RESULT_NOT_FOUND' });
    await expect(chat.toolResult(id, 'no-such-message', 'big')).rejects.toBeInstanceOf(AppError);

    // Removing the conversation removes its stored results.
    chat.remove(id);
    await expect.poll(() => filesUnder(path.join(path.dirname(file), 'tool-results')), { timeout: 5000 }).toEqual([]);
  });

  it('a small result is kept whole in its message, and nothing is written beside it', async () => {
    const { chat, engine, repository, file } = openChat();
    const result = { text: 'Echo: hi', content: [{ type: 'text' as const, text: 'Echo: hi' }], isError: false, structuredContent: { ok: true } };
    engine.add(async (options) => {
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('small', 'done', { result }) });
      return { messages: [], stopReason: 'answered' };
    });
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'go');
    await chat.settled(id);
    const [, step] = repository.listMessages(id);
    expect(step!.toolCalls[0]!.result).toEqual(result);
    expect(await chat.toolResult(id, step!.id, 'small').catch((error: unknown) => error)).toMatchObject({ code: 'TOOL_RESULT_NOT_FOUND' });
    expect(filesUnder(path.join(path.dirname(file), 'tool-results'))).toEqual([]);
  });
});
