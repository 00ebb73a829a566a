import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { ToolCallDisplay } from '../../../src/features/chat/components/ToolCallDisplay';
import { AppHostContext } from '../../../src/features/chat/components/apps/appHost';
import { hasOpenApps, teardownOpenApps } from '../../../src/features/chat/components/apps/openApps';
import { FakeApi } from '../../fakes/FakeApi';
import { renderApp } from '../../helpers/renderApp';
import { approvalRequest, toolCall } from '../toolCalls';
import { SandboxPeer, giveFramesAWindow } from './sandboxPeer';

const SERVER = 'srv-apps';
const URI = 'ui://get-time/mcp-app.html';
const HTML = '<!doctype html><p>the app</p>';

function appCall(fields: Partial<ToolCallView> = {}): ToolCallView {
  return toolCall({
    id: 'call-app',
    serverId: SERVER,
    serverName: 'basic-react',
    toolName: 'get-time',
    arguments: { zone: 'UTC' },
    status: 'running',
    endedAtMs: undefined,
    app: { serverId: SERVER, resourceUri: URI },
    ...fields,
  });
}

type CardProps = Parameters<typeof ToolCallDisplay>[0];

function setUp(options: { language?: 'en' | 'ja'; call?: ToolCallView; api?: FakeApi } = {}) {
  const api = options.api ?? new FakeApi();
  if (!options.api) api.settingsValue = { language: options.language ?? 'en' };
  api.fakeApps.addResource(SERVER, URI, HTML, { csp: { connectDomains: ['https://api.example.com'] }, permissions: { clipboardWrite: true } });
  const putInComposer = vi.fn();
  const host = { conversationId: 'conv-1', putInComposer };
  let update: (props: CardProps) => void = () => undefined;
  // The card's props change the way a conversation's stream changes them: state above the card.
  function Card({ initial }: { initial: CardProps }) {
    const [props, setProps] = useState(initial);
    update = setProps;
    return (
      <AppHostContext.Provider value={host}>
        <ToolCallDisplay {...props} />
      </AppHostContext.Provider>
    );
  }
  const rendered = renderApp(<Card initial={{ call: options.call ?? appCall() }} />, { api, language: options.language });
  const rerenderCall = (call: ToolCallView, extra: Omit<CardProps, 'call'> = {}) => act(() => update({ call, ...extra }));
  return { ...rendered, api, putInComposer, rerenderCall };
}

async function peerOf(api: FakeApi): Promise<SandboxPeer> {
  const frame = await screen.findByTestId<HTMLIFrameElement>('app-frame-iframe');
  return new SandboxPeer(frame, api.fakeApps.sandbox.origin);
}

let restoreFrames: () => void;
beforeEach(() => {
  restoreFrames = giveFramesAWindow();
});
afterEach(() => {
  restoreFrames();
  vi.restoreAllMocks();
});

describe('AppFrame', () => {
  it('shows nothing for a call without an app', () => {
    setUp({ call: toolCall() });
    expect(screen.queryByTestId('app-frame')).toBeNull();
  });

  it('loads the app into the sandbox origin’s proxy frame with its CSP, permissions and no referrer', async () => {
    const { api } = setUp();
    expect(screen.getByRole('status').textContent).toBe('Loading the app…');
    const frame = await screen.findByTestId<HTMLIFrameElement>('app-frame-iframe');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin).toBe(api.fakeApps.sandbox.origin);
    expect(JSON.parse(src.searchParams.get('csp') ?? '')).toEqual({ connectDomains: ['https://api.example.com'] });
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(frame.getAttribute('allow')).toBe('clipboard-write');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('title')).toBe('App of basic-react');
    expect(api.recorder.callsTo('apps.resource')).toEqual([{ serverId: SERVER, uri: URI }]);
  });

  it('hands the proxy the app’s HTML, initializes it with Elftia’s capabilities and context, then sends the input and the result', async () => {
    const { api, rerenderCall } = setUp({ language: 'ja' });
    const peer = await peerOf(api);
    const init = await peer.start();
    expect(peer.sent('ui/notifications/sandbox-resource-ready')[0]?.params).toEqual({
      html: HTML,
      csp: { connectDomains: ['https://api.example.com'] },
      permissions: { clipboardWrite: true },
    });
    expect(init.hostInfo).toEqual({ name: 'Elftia', version: expect.any(String) });
    expect(init.hostCapabilities).toMatchObject({ openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, updateModelContext: { text: {} }, message: { text: {} } });
    expect(init.hostContext).toMatchObject({ theme: 'light', locale: 'ja', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], platform: 'desktop' });
    await waitFor(() => expect(peer.sent('ui/notifications/tool-input').map((m) => m.params)).toEqual([{ arguments: { zone: 'UTC' } }]));
    expect(peer.sent('ui/notifications/tool-result')).toEqual([]);
    // Everything the host posts names the sandbox origin, never "*".
    expect(new Set(peer.posted.map((p) => p.targetOrigin))).toEqual(new Set([api.fakeApps.sandbox.origin]));

    const result = { text: '12:00', content: [{ type: 'text' as const, text: '12:00' }], isError: false, structuredContent: { time: '12:00' } };
    rerenderCall(appCall({ status: 'done', result }));
    await waitFor(() =>
      expect(peer.sent('ui/notifications/tool-result').map((m) => m.params)).toEqual([{ content: result.content, isError: false, structuredContent: { time: '12:00' } }]),
    );
    expect(screen.getByTestId('app-frame-iframe').getAttribute('data-initialized')).toBe('true');
  });

  it('starts while the model still writes the arguments: partial inputs, then the final input, in one app', async () => {
    const { api, rerenderCall } = setUp({ call: appCall({ status: 'streaming', arguments: { zone: 'U' } }) });
    const frame = await screen.findByTestId<HTMLIFrameElement>('app-frame-iframe');
    const peer = await peerOf(api);
    await peer.start();
    await waitFor(() => expect(peer.sent('ui/notifications/tool-input-partial').map((m) => m.params)).toEqual([{ arguments: { zone: 'U' } }]));
    rerenderCall(appCall({ status: 'streaming', arguments: { zone: 'UT' } }));
    await waitFor(() => expect(peer.sent('ui/notifications/tool-input-partial').map((m) => m.params)).toEqual([{ arguments: { zone: 'U' } }, { arguments: { zone: 'UT' } }]));
    expect(peer.sent('ui/notifications/tool-input')).toEqual([]);
    rerenderCall(appCall({ status: 'running', arguments: { zone: 'UTC' } }));
    await waitFor(() => expect(peer.sent('ui/notifications/tool-input').map((m) => m.params)).toEqual([{ arguments: { zone: 'UTC' } }]));
    // No restart between them: the same frame, initialized once, resource read once.
    expect(screen.getByTestId('app-frame-iframe')).toBe(frame);
    expect(peer.sent('ui/notifications/sandbox-resource-ready')).toHaveLength(1);
    expect(api.recorder.callsTo('apps.resource')).toHaveLength(1);
    expect(peer.sent('ui/notifications/tool-input-partial')).toHaveLength(2);
    expect(screen.getAllByTestId('tool-call-status')[0]?.textContent).toBe('Running');
  });

  it('labels a call whose arguments are still being written', () => {
    setUp({ call: appCall({ status: 'streaming', arguments: {} }) });
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Writing arguments…');
  });

  it('tells the app when Elftia’s theme changes', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    const init = await peer.start();
    expect(init.hostContext).toMatchObject({ theme: 'light' });
    // Settled: the app has its input, and whatever the host sent on initializing is sent.
    await waitFor(() => expect(peer.sent('ui/notifications/tool-input')).toHaveLength(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(peer.sent('ui/notifications/host-context-changed').some((m) => m.params?.theme === 'dark')).toBe(false);
    const root = document.documentElement;
    const before = root.dataset.theme;
    try {
      act(() => {
        root.dataset.theme = 'dark';
      });
      await waitFor(() => expect(peer.sent('ui/notifications/host-context-changed').some((m) => m.params?.theme === 'dark')).toBe(true));
    } finally {
      if (before === undefined) delete root.dataset.theme;
      else root.dataset.theme = before;
    }
  });

  it('tells the app its call was cancelled', async () => {
    const { api, rerenderCall } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    rerenderCall(appCall({ status: 'cancelled', errorCode: 'CANCELLED' }));
    await waitFor(() => expect(peer.sent('ui/notifications/tool-cancelled').map((m) => m.params)).toEqual([{ reason: 'CANCELLED' }]));
  });

  it('ignores messages from another origin, even from the frame’s window', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    peer.send({ id: 99, method: 'tools/call', params: { name: 'get-time', arguments: {} } }, 'http://127.0.0.1:9999');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.recorder.callsTo('apps.callTool')).toEqual([]);
    expect(peer.posted.some((p) => p.message.id === 99)).toBe(false);
  });

  it('routes the app’s tools/call through apps.callTool, tied to this card’s call', async () => {
    const { api } = setUp();
    api.fakeApps.callTool = () => ({ status: 'done', content: [{ type: 'text', text: '13:37' }], isError: false, structuredContent: { time: '13:37' } });
    const peer = await peerOf(api);
    await peer.start();
    const answer = await peer.request('tools/call', { name: 'get-time', arguments: { zone: 'CET' } });
    expect(answer.result).toEqual({ content: [{ type: 'text', text: '13:37' }], isError: false, structuredContent: { time: '13:37' } });
    expect(api.recorder.callsTo('apps.callTool')).toEqual([{ conversationId: 'conv-1', hostCallId: 'call-app', serverId: SERVER, name: 'get-time', arguments: { zone: 'CET' } }]);
  });

  it('answers a refused call as an error to the app', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    const { FakeTrpcError } = await import('../../fakes/FakeApi');
    api.failures.set('apps.callTool', new FakeTrpcError({ code: 'APP_TOOL_NOT_ALLOWED' }));
    const answer = await peer.request('tools/call', { name: 'other', arguments: {} });
    expect(answer.error?.message).toContain('APP_TOOL_NOT_ALLOWED');
  });

  it('reads resources of the app’s own server only', async () => {
    const { api } = setUp();
    api.fakeResources.reads.set(`${SERVER} ui://data/1`, { contents: [{ uri: 'ui://data/1', mimeType: 'application/json', text: '{"a":1}' }] });
    const peer = await peerOf(api);
    await peer.start();
    const answer = await peer.request('resources/read', { uri: 'ui://data/1' });
    expect(answer.result).toEqual({ contents: [{ uri: 'ui://data/1', mimeType: 'application/json', text: '{"a":1}' }] });
    expect(api.recorder.callsTo('resources.read')).toEqual([{ id: SERVER, uri: 'ui://data/1' }]);
  });

  it('puts a ui/message into the composer without sending it', async () => {
    const { api, putInComposer } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    const answer = await peer.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Tell me more' }] });
    expect(answer.result).toEqual({});
    expect(putInComposer).toHaveBeenCalledWith('Tell me more');
    expect(api.recorder.callsTo('chat.send')).toEqual([]);
  });

  it('passes ui/update-model-context to apps.updateContext', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    await peer.request('ui/update-model-context', { content: [{ type: 'text', text: 'The user picked Paris.' }] });
    expect(api.recorder.callsTo('apps.updateContext')).toEqual([{ conversationId: 'conv-1', hostCallId: 'call-app', serverId: SERVER, text: 'The user picked Paris.' }]);
  });

  it('asks before opening a link, showing its host, and refuses other schemes outright', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    const refused = await peer.request('ui/open-link', { url: 'javascript:alert(1)' });
    expect(refused.result).toEqual({ isError: true });
    expect(screen.queryByRole('dialog')).toBeNull();

    const declined = peer.request('ui/open-link', { url: 'https://docs.example.org/guide?x=1' });
    const dialog = await screen.findByRole('dialog', { name: 'The app of basic-react asks to open a link' });
    expect(screen.getByTestId('app-open-link-host').textContent).toBe('docs.example.org');
    const open = screen.getByRole('link', { name: 'Open in browser' });
    expect(open.getAttribute('href')).toBe('https://docs.example.org/guide?x=1');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://docs.example.org/guide?x=1'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await declined).result).toEqual({ isError: true });
    expect(dialog.isConnected).toBe(false);

    const accepted = peer.request('ui/open-link', { url: 'https://docs.example.org/' });
    const link = await screen.findByRole('link', { name: 'Open in browser' });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect((await accepted).result).toEqual({});
  });

  it('expands over the conversation when the app or the user asks, and Esc collapses it', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    const frame = screen.getByTestId('app-frame');
    expect(frame.getAttribute('data-display-mode')).toBe('inline');
    const answer = await peer.request('ui/request-display-mode', { mode: 'fullscreen' });
    expect(answer.result).toEqual({ mode: 'fullscreen' });
    expect(frame.getAttribute('data-display-mode')).toBe('fullscreen');
    await waitFor(() => expect(peer.sent('ui/notifications/host-context-changed').some((m) => m.params?.displayMode === 'fullscreen')).toBe(true));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(frame.getAttribute('data-display-mode')).toBe('inline');

    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(frame.getAttribute('data-display-mode')).toBe('fullscreen');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(frame.getAttribute('data-display-mode')).toBe('inline');
  });

  it('sizes the inline frame as the app asks, within 60–800 px', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    const iframe = screen.getByTestId<HTMLIFrameElement>('app-frame-iframe');
    peer.notify('ui/notifications/size-changed', { height: 5_000 });
    await waitFor(() => expect(iframe.style.height).toBe('800px'));
    peer.notify('ui/notifications/size-changed', { height: 10 });
    await waitFor(() => expect(iframe.style.height).toBe('60px'));
    peer.notify('ui/notifications/size-changed', { height: 321.4 });
    await waitFor(() => expect(iframe.style.height).toBe('322px'));
  });

  it('shows why the app cannot be shown, translated', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    const { FakeTrpcError } = await import('../../fakes/FakeApi');
    api.failures.set('apps.resource', new FakeTrpcError({ code: 'APP_RESOURCE_INVALID', params: { uri: URI } }));
    setUp({ api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`The app of this tool could not be shown: ${URI} is not a valid MCP App (wrong type, no HTML, or larger than 5 MB).`);
    expect(screen.queryByTestId('app-frame-iframe')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Expand' })).toBeNull();
  });

  it('says so when the app never starts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = setUp();
      await peerOf(api);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_000);
      });
      expect(screen.getByTestId('app-frame-broken').textContent).toBe('The app did not start. It may be broken, or it was blocked.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks about a call the app made inside the card, with the approval prompt', async () => {
    const onAnswer = vi.fn(async () => undefined);
    const { api, rerenderCall } = setUp();
    await peerOf(api);
    const request = approvalRequest({ callId: 'app-call-7', serverId: SERVER, serverName: 'basic-react', toolName: 'get-time', arguments: { zone: 'CET' }, appHostCallId: 'call-app' });
    rerenderCall(appCall(), { approval: request, onAnswer });
    const prompt = await screen.findByTestId('approval-prompt');
    expect(screen.getByTestId('app-frame').contains(prompt)).toBe(true);
    expect(screen.getByText('The app asks to call a tool of basic-react:')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow once' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ decision: 'allow_once' }));
  });

  it('is torn down before the conversation switches: teardown is sent and its answer awaited', async () => {
    const { api } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    expect(hasOpenApps('conv-1')).toBe(true);
    let done = false;
    const teardown = teardownOpenApps('conv-1').then(() => (done = true));
    const request = await vi.waitFor(() => {
      const sent = peer.sent('ui/resource-teardown')[0];
      if (!sent) throw new Error('no teardown');
      return sent;
    });
    expect(done).toBe(false);
    peer.answer(request.id ?? 0);
    await teardown;
    expect(done).toBe(true);
  });

  it('sends teardown when the card goes, and forgets the app', async () => {
    const { api, unmount } = setUp();
    const peer = await peerOf(api);
    await peer.start();
    unmount();
    expect(peer.sent('ui/resource-teardown')).toHaveLength(1);
    expect(hasOpenApps()).toBe(false);
  });

  it('shows the app’s texts in Japanese', async () => {
    const { api } = setUp({ language: 'ja' });
    await peerOf(api);
    expect(screen.getByRole('button', { name: '展開' })).toBeTruthy();
    expect(screen.getByTestId('app-frame-iframe').getAttribute('title')).toBe('basic-react のアプリ');
  });
});
