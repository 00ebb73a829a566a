import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolCallStatus, ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { ToolCallDisplay } from '../../src/features/chat/components/ToolCallDisplay';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';
import { PNG_BASE64, toolCall } from './toolCalls';

function show(call: ToolCallView, language: 'en' | 'ja' = 'en') {
  return renderApp(<ToolCallDisplay call={call} />, { language });
}

const card = () => screen.getByRole('article');
const result = (fields: Partial<NonNullable<ToolCallView['result']>>) => ({ text: '', content: [], isError: false, ...fields });

afterEach(() => vi.useRealTimers());

describe('ToolCallDisplay', () => {
  it('names the server and the tool, and keeps the arguments as JSON behind a disclosure', () => {
    show(toolCall({ arguments: { message: 'hello', count: 2 } }));
    expect(screen.getByRole('article', { name: 'echo (everything)' })).toBeTruthy();
    const args = screen.getByTestId('tool-arguments');
    expect(JSON.parse(args.textContent ?? '')).toEqual({ message: 'hello', count: 2 });
    expect(args.closest('details')?.open).toBe(false);
  });

  it('names Elftia’s own tools as such', () => {
    show(toolCall({ serverId: undefined, serverName: undefined, toolName: 'use_mcp_tool' }));
    expect(screen.getByRole('article', { name: 'use_mcp_tool (Elftia)' })).toBeTruthy();
  });

  it.each<[ToolCallStatus, string]>([
    ['awaiting_approval', 'Waiting for approval'],
    ['running', 'Running'],
    ['done', 'Done'],
    ['error', 'Error'],
    ['cancelled', 'Cancelled'],
    ['denied', 'Denied'],
  ])('shows the status %s', (status, label) => {
    show(toolCall({ status }));
    expect(screen.getByTestId('tool-call-status').textContent).toBe(label);
    expect(card().getAttribute('data-status')).toBe(status);
  });

  it('opens the arguments while waiting for approval', () => {
    show(toolCall({ status: 'awaiting_approval', endedAtMs: undefined }));
    expect(screen.getByTestId('tool-arguments').closest('details')?.open).toBe(true);
  });

  it('shows the duration of a finished call', () => {
    show(toolCall({ startedAtMs: 1_000, endedAtMs: 5_250 }));
    expect(screen.getByTestId('tool-call-duration').textContent).toBe('took 4.2 s');
  });

  it('ticks the elapsed time while running, with the server’s progress', () => {
    vi.useFakeTimers({ now: 10_000 });
    show(toolCall({ status: 'running', startedAtMs: 8_000, endedAtMs: undefined, progress: { progress: 3, total: 10, message: 'step 3' } }));
    expect(screen.getByTestId('tool-call-elapsed').textContent).toBe('running for 2 s');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(screen.getByTestId('tool-call-elapsed').textContent).toBe('running for 5 s');
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar.getAttribute('value')).toBe('3');
    expect(bar.getAttribute('max')).toBe('10');
    expect(screen.getByText('3 of 10 — step 3')).toBeTruthy();
  });

  it('shows the annotations as the server’s claims', () => {
    show(toolCall({ annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false } }));
    expect(screen.getByTestId('tool-call-claims').textContent).toBe('The server says: read-only and safe to repeat');
  });

  it('shows text, and marks a result the model saw shortened', () => {
    show(toolCall({ result: result({ text: 'Echo: hel…', content: [{ type: 'text', text: 'Echo: hello' }], truncatedForModel: true }) }));
    expect(screen.getByTestId('tool-text').textContent).toBe('Echo: hello');
    expect(screen.getByTestId('tool-truncated').textContent).toBe('The model saw a shortened version of this result. All of it is shown here.');
  });

  it('has no truncation marker when the model saw everything', () => {
    show(toolCall({ result: result({ text: 'Echo: hello', content: [{ type: 'text', text: 'Echo: hello' }] }) }));
    expect(screen.queryByTestId('tool-truncated')).toBeNull();
  });

  it('collapses a huge text but shows all of it on request', () => {
    const huge = Array.from({ length: 5_000 }, (_, i) => `line ${i}`).join('\n');
    show(toolCall({ result: result({ text: huge.slice(0, 100), content: [{ type: 'text', text: huge }] }) }));
    const text = screen.getByTestId('tool-text');
    expect(text.textContent!.length).toBeLessThan(2_100);
    const more = screen.getByRole('button', { name: `Show all (${huge.length.toLocaleString('en')} characters)` });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByTestId('tool-text').textContent).toBe(huge);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('decodes an image from base64 with its mime type, and enlarges it in a dialog', () => {
    show(toolCall({ result: result({ content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }] }) }));
    const image = screen.getByRole<HTMLImageElement>('img', { name: 'Image from the tool (image/png)' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge image (image/png)' }));
    const dialog = screen.getByRole('dialog', { name: 'Image from the tool (image/png)' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders every image of a result, and refuses a mime type that is not an image', () => {
    show(
      toolCall({
        result: result({
          content: [
            { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
            { type: 'image', data: PNG_BASE64, mimeType: 'image/webp' },
            { type: 'image', data: '<b>', mimeType: 'text/html' },
          ],
        }),
      }),
    );
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(screen.getByText('Content of type text/html cannot be shown here.')).toBeTruthy();
  });

  it('plays audio in a player built from its base64 and mime type', () => {
    const { container } = show(toolCall({ result: result({ content: [{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }] }) }));
    const audio = container.querySelector('audio');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(audio?.getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==');
    expect(audio?.getAttribute('aria-label')).toBe('Audio from the tool (audio/wav)');
  });

  it('shows a resource link with its uri, name, mime type and size, as text rather than a link', () => {
    show(
      toolCall({
        result: result({
          content: [{ type: 'resource_link', uri: 'file:///tmp/report.pdf', name: 'report.pdf', title: 'Quarterly report', mimeType: 'application/pdf', size: 2048 }],
        }),
      }),
    );
    const link = within(screen.getByTestId('tool-resource-link'));
    expect(link.getByText('Resource link')).toBeTruthy();
    expect(link.getByText('Quarterly report')).toBeTruthy();
    expect(link.getByText('report.pdf')).toBeTruthy();
    expect(link.getByText('file:///tmp/report.pdf')).toBeTruthy();
    expect(link.getByText('application/pdf · 2,048 bytes')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('opens a resource link through the server that returned it, and shows what it holds without navigating', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.fakeResources.reads.set('srv-1 demo://resource/static/document/notes.md', { contents: [{ uri: 'demo://resource/static/document/notes.md', mimeType: 'text/markdown', text: '# Notes body' }] });
    renderApp(
      <ToolCallDisplay
        call={toolCall({
          result: result({
            content: [
              { type: 'resource_link', uri: 'demo://resource/static/document/notes.md', name: 'notes.md' },
              { type: 'resource_link', uri: 'demo://gone', name: 'gone' },
            ],
          }),
        })}
      />,
      { api },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open notes.md' }));
    const preview = await screen.findByTestId('tool-resource-preview');
    expect(within(preview).getByText('# Notes body')).toBeTruthy();
    expect(api.callsTo('resources.read')).toEqual([{ id: 'srv-1', uri: 'demo://resource/static/document/notes.md' }]);
    expect(screen.queryByRole('button', { name: 'Open notes.md' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open gone' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Could not open the resource\. /);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers no Open for a resource link of an engine tool (no server to read it from)', () => {
    show(toolCall({ serverId: undefined, serverName: undefined, toolName: 'use_mcp_tool', result: result({ content: [{ type: 'resource_link', uri: 'demo://x', name: 'x' }] }) }));
    expect(screen.queryByRole('button', { name: 'Open x' })).toBeNull();
  });

  it('shows an embedded text resource with a preview, and a binary one by size', () => {
    show(
      toolCall({
        result: result({
          content: [
            { type: 'resource', resource: { uri: 'test://static/1', mimeType: 'text/plain', text: 'Resource 1 body' } },
            { type: 'resource', resource: { uri: 'test://static/2', mimeType: 'application/octet-stream', blob: 'AAECAw==' } },
          ],
        }),
      }),
    );
    const [text, blob] = screen.getAllByTestId('tool-resource');
    expect(within(text!).getByText('test://static/1')).toBeTruthy();
    expect(within(text!).getByText('text/plain')).toBeTruthy();
    expect(within(text!).getByTestId('tool-text').textContent).toBe('Resource 1 body');
    expect(within(blob!).getByText('Binary content, 4 bytes')).toBeTruthy();
  });

  it('shows an embedded image resource as an image', () => {
    show(toolCall({ result: result({ content: [{ type: 'resource', resource: { uri: 'test://img', mimeType: 'image/png', blob: PNG_BASE64 } }] }) }));
    expect(screen.getByRole('img', { name: 'Image from the tool (image/png)' }).getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it('shows structuredContent as a collapsible JSON tree', () => {
    show(toolCall({ result: result({ content: [{ type: 'text', text: '{}' }], structuredContent: { temperature: 21.5, city: 'Tokyo', tags: ['a'], nested: { deep: { x: true } } } }) }));
    const tree = screen.getByRole('group', { name: 'Structured content' });
    expect(within(tree).getByText('21.5')).toBeTruthy();
    expect(within(tree).getByText('"Tokyo"')).toBeTruthy();
    // The top level starts open; nested objects and arrays start closed, so a big value stays readable.
    expect(tree.querySelector('details')!.open).toBe(true);
    expect(within(tree).getByText('nested:').closest('details')!.open).toBe(false);
    expect(within(tree).getByText('tags:').closest('details')!.open).toBe(false);
    expect(within(tree).getByText('true')).toBeTruthy();
  });

  it('warns, above the JSON, when structuredContent misses the output schema; a fitting one has no warning', () => {
    const { unmount } = show(toolCall({ result: result({ structuredContent: { sum: 'three' }, structuredContentMismatch: 'sum must be number' }) }), 'ja');
    expect(screen.getByTestId('tool-structured-mismatch').textContent).toBe('構造化コンテンツがツールの出力スキーマと一致しません：sum must be number');
    expect(screen.getByRole('group', { name: '構造化コンテンツ' })).toBeTruthy();
    unmount();
    show(toolCall({ result: result({ structuredContent: { sum: 3 } }) }));
    expect(screen.queryByTestId('tool-structured-mismatch')).toBeNull();
  });

  it('styles an error result as an error', () => {
    show(toolCall({ status: 'error', result: result({ text: 'boom', content: [{ type: 'text', text: 'boom' }], isError: true }) }));
    const box = screen.getByTestId('tool-result');
    expect(box.className).toContain('tool-result--error');
    expect(within(box).getByText('The tool reported an error:')).toBeTruthy();
    expect(within(box).getByText('boom')).toBeTruthy();
  });

  it('translates the error code of a call that produced no result', () => {
    show(toolCall({ status: 'error', errorCode: 'TIMEOUT' }), 'ja');
    expect(screen.getByTestId('tool-call-error').textContent).not.toBe('');
    expect(screen.getByTestId('tool-call-error').textContent).not.toContain('TIMEOUT');
    expect(screen.getByTestId('tool-call-status').textContent).toBe('エラー');
  });

  it('shows a failure on Elftia’s side translated, not the engine’s note to the model', () => {
    const note = 'Tool echo on server everything timed out after 60 s.';
    show(toolCall({ status: 'error', errorCode: 'TIMEOUT', result: result({ text: note, content: [{ type: 'text', text: note }], isError: true }) }));
    expect(screen.getByTestId('tool-call-error').textContent).toBe('The MCP server did not answer in time.');
    expect(screen.queryByText(note)).toBeNull();
  });

  it('lets the badge alone say that a stopped call was cancelled', () => {
    const note = 'Tool call cancelled: the user stopped the turn.';
    show(toolCall({ status: 'cancelled', errorCode: 'CANCELLED', result: result({ text: note, content: [{ type: 'text', text: note }], isError: true }) }));
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Cancelled');
    expect(screen.queryByTestId('tool-call-error')).toBeNull();
    expect(screen.queryByTestId('tool-result')).toBeNull();
  });

  it.each([
    [{ cause: 'exit', exitCode: 1 }, 'en', 'The connection to the MCP server closed. The server process exited with code 1.'],
    [{ cause: 'signal', signal: 'SIGKILL' }, 'en', 'The connection to the MCP server closed. The server process was killed by SIGKILL.'],
    [{ cause: 'reset' }, 'en', 'The connection to the MCP server closed. The connection was reset.'],
    [{ cause: 'exit', exitCode: 1 }, 'ja', 'MCP サーバーとの接続が切れました。サーバープロセスがコード 1 で終了しました。'],
  ] as const)('says what happened to a dropped connection: %j (%s)', (params, language, text) => {
    show(toolCall({ status: 'error', errorCode: 'CONNECTION_CLOSED', errorParams: { ...params, detail: 'write EPIPE' } }), language);
    expect(screen.getByTestId('tool-call-error').textContent).toBe(text);
    // The raw cause is one click away, never the message.
    const details = within(card()).getByText('write EPIPE').closest('details');
    expect(details?.open).toBe(false);
  });

  it('says why a server is not connected: its last error', () => {
    show(toolCall({ status: 'error', errorCode: 'NOT_CONNECTED', errorParams: { status: 'error', lastError: 'CONNECT_FAILED', cause: 'refused', detail: 'fetch failed: connect ECONNREFUSED' } }));
    expect(screen.getByTestId('tool-call-error').textContent).toBe(
      'The MCP server is not connected. The connection was refused: nothing is listening at that address.',
    );
  });

  it('falls back to a generic message for an error code it does not know', () => {
    show(toolCall({ status: 'error', errorCode: 'SOMETHING_NEW' }));
    expect(screen.getByTestId('tool-call-error').textContent).toBe('Something went wrong. The details are in the log.');
  });
});
