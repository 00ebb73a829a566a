import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatView } from '../../src/features/chat/ChatView';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';
import { toolCall } from './toolCalls';

const PNG_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).toString('base64');

function seeded() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  const provider = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  const conversation = api.fakeChat.createConversation({ title: 'Docs', providerId: provider.id, model: 'gpt-4o' });
  const server = api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['e.js'] });
  api.setConnection(server.id, { status: 'connected', toolCount: 1 });
  api.fakeResources.catalogs.set(server.id, {
    resources: [
      { uri: 'demo://doc/readme', name: 'readme.md', title: 'Read me', mimeType: 'text/markdown', size: 2048, icon: 'javascript:alert(1)' },
      { uri: 'demo://img/logo', name: 'logo.png', mimeType: 'image/png', icon: 'https://example.com/logo.png' },
      { uri: 'demo://bin/archive', name: 'archive.zip', mimeType: 'application/zip' },
    ],
    templates: [{ uriTemplate: 'demo://text/{id}', name: 'Dynamic text', variables: ['id'] }],
    prompts: [
      {
        name: 'team',
        title: 'Team Management',
        description: 'Promote someone',
        arguments: [
          { name: 'department', required: true, description: 'Choose the department.' },
          { name: 'name', required: false },
        ],
      },
    ],
    canSubscribe: true,
    canComplete: true,
  });
  api.fakeResources.reads.set(`${server.id} demo://doc/readme`, { contents: [{ uri: 'demo://doc/readme', mimeType: 'text/markdown', text: '# Read me first' }] });
  api.fakeResources.reads.set(`${server.id} demo://img/logo`, { contents: [{ uri: 'demo://img/logo', mimeType: 'image/png', blob: PNG_BASE64 }] });
  api.fakeResources.reads.set(`${server.id} demo://bin/archive`, { contents: [{ uri: 'demo://bin/archive', mimeType: 'application/zip', blob: 'UEsDBA==' }] });
  api.fakeResources.reads.set(`${server.id} demo://text/42`, { contents: [{ uri: 'demo://text/42', mimeType: 'text/plain', text: 'Resource 42' }] });
  return { api, conversation, server };
}

async function open(api: FakeApi) {
  renderApp(<ChatView onSetUpProviders={() => {}} />, { api });
  await screen.findByRole('log', { name: 'Messages' });
}

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const tray = () => screen.getByRole('list', { name: 'Files to send' });
const openPicker = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Resources & prompts' }));
  return screen.findByRole('dialog', { name: 'Resources & prompts' });
};

describe('resources and prompts in the composer', () => {
  it('attaches a text resource and an image resource, and sends them with the next message', async () => {
    const { api, conversation } = seeded();
    await open(api);
    let picker = await openPicker();
    fireEvent.click(await within(picker).findByRole('button', { name: 'Attach Read me to the next message' }));
    await waitFor(() => expect(within(tray()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['readme.md15 B']));
    picker = await openPicker();
    fireEvent.click(await within(picker).findByRole('button', { name: 'Attach logo.png to the next message' }));
    await waitFor(() => expect(within(tray()).getAllByRole('listitem')).toHaveLength(2));

    fireEvent.change(composer(), { target: { value: 'Summarise' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('chat.send')).toHaveLength(1));
    expect(api.callsTo('chat.send')[0]).toEqual({
      conversationId: conversation.id,
      text: 'Summarise',
      attachments: [
        { kind: 'text', name: 'readme.md', text: '# Read me first' },
        { kind: 'image', name: 'logo.png', mimeType: 'image/png', data: PNG_BASE64 },
      ],
    });
  });

  it('says why a binary resource cannot be attached, and draws only safe icons, as <img> without a referrer', async () => {
    const { api } = seeded();
    await open(api);
    const picker = await openPicker();
    const images = [...(await within(picker).findByRole('button', { name: 'Attach logo.png to the next message' })).closest('ul')!.querySelectorAll('img')];
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('referrerpolicy')])).toEqual([['https://example.com/logo.png', 'no-referrer']]);
    expect(picker.innerHTML).not.toContain('javascript:');
    fireEvent.click(within(picker).getByRole('button', { name: 'Attach archive.zip to the next message' }));
    expect(await screen.findByText('archive.zip: this resource is neither text nor an image, so it cannot be attached.')).toBeTruthy();
  });

  it('fills a template variable and attaches what it names', async () => {
    const { api, server } = seeded();
    api.fakeResources.completeWith = (input) => (input.argument.value === '4' ? ['42', '43'] : []);
    await open(api);
    const picker = await openPicker();
    fireEvent.click(await within(picker).findByRole('button', { name: /Dynamic text/ }));
    const field = within(picker).getByRole('textbox', { name: /^id/ });
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '4' } });
    const suggestions = await within(picker).findByRole('list', { name: 'Suggestions for id' });
    fireEvent.click(within(suggestions).getByRole('button', { name: '42' }));
    expect(api.callsTo('resources.complete').at(-1)).toEqual({ id: server.id, ref: { type: 'ref/resource', uri: 'demo://text/{id}' }, argument: { name: 'id', value: '4' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(within(tray()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dynamic text11 B']));
    expect(api.callsTo('resources.read').at(-1)).toEqual({ id: server.id, uri: 'demo://text/42' });
  });

  it('runs a prompt: a required argument is asked for, suggestions narrow by the others, the text goes into the box', async () => {
    const { api, server } = seeded();
    api.fakeResources.completeWith = (input) =>
      input.argument.name === 'department' ? ['Sales', 'Support'].filter((d) => d.startsWith(input.argument.value)) : input.context?.department === 'Sales' ? ['Eve'] : [];
    api.fakeResources.runPrompt = (_name, args) => ({ parts: [{ kind: 'text', role: 'user', text: `Please promote ${args.name} to the head of the ${args.department} team.` }] });
    await open(api);
    const picker = await openPicker();
    fireEvent.click(await within(picker).findByRole('button', { name: /Team Management/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use prompt' }));
    expect(await within(picker).findByText('Fill this in.')).toBeTruthy();
    expect(api.callsTo('resources.getPrompt')).toEqual([]);
    // A connection event (a new server list) leaves the form as it is.
    act(() => void api.setConnection(server.id, { status: 'connected', toolCount: 2 }));
    expect(within(picker).getByText('Fill this in.')).toBeTruthy();
    expect(api.callsTo('resources.catalog')).toHaveLength(1);

    const department = within(picker).getByRole('textbox', { name: /^department/ });
    expect(department.getAttribute('aria-required')).toBe('true');
    fireEvent.focus(department);
    fireEvent.change(department, { target: { value: 'S' } });
    fireEvent.click(within(await within(picker).findByRole('list', { name: 'Suggestions for department' })).getByRole('button', { name: 'Sales' }));
    const name = within(picker).getByRole('textbox', { name: /^name/ });
    fireEvent.focus(name);
    fireEvent.click(within(await within(picker).findByRole('list', { name: 'Suggestions for name' })).getByRole('button', { name: 'Eve' }));
    expect(api.callsTo('resources.complete').at(-1)).toEqual({ id: server.id, ref: { type: 'ref/prompt', name: 'team' }, argument: { name: 'name', value: '' }, context: { department: 'Sales' } });

    fireEvent.click(within(picker).getByRole('button', { name: 'Use prompt' }));
    await waitFor(() => expect(composer().value).toBe('Please promote Eve to the head of the Sales team.'));
    expect(api.callsTo('resources.getPrompt')).toEqual([{ id: server.id, name: 'team', arguments: { department: 'Sales', name: 'Eve' } }]);
    expect(document.activeElement).toBe(composer());
  });

  it('subscribes to a resource and marks it updated when the server says so', async () => {
    const { api, server } = seeded();
    await open(api);
    let picker = await openPicker();
    fireEvent.click(await within(picker).findByRole('button', { name: 'Tell me when Read me changes' }));
    await waitFor(() => expect(api.fakeResources.subscribed.has(`${server.id} demo://doc/readme`)).toBe(true));
    fireEvent.keyDown(picker, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resources & prompts' })).toBeNull());
    act(() => api.fakeResources.update(server.id, 'demo://doc/readme'));
    expect(await screen.findByRole('button', { name: 'Resources & prompts (a subscribed resource changed)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resources & prompts (a subscribed resource changed)' }));
    picker = await screen.findByRole('dialog', { name: 'Resources & prompts' });
    const row = (await within(picker).findByRole('button', { name: 'Attach Read me to the next message' })).closest('li')!;
    expect(within(row).getByText('Updated')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Stop following Read me' }));
    await waitFor(() => expect(api.fakeResources.subscribed.size).toBe(0));
  });

  it('ends its subscriptions when the composer goes (another conversation opened)', async () => {
    const { api, server } = seeded();
    const { unmount } = renderApp(<ChatView onSetUpProviders={() => {}} />, { api });
    await screen.findByRole('log', { name: 'Messages' });
    const picker = await openPicker();
    fireEvent.click(await within(picker).findByRole('button', { name: 'Tell me when Read me changes' }));
    await waitFor(() => expect(api.fakeResources.subscribed.size).toBe(1));
    unmount();
    await waitFor(() => expect(api.callsTo('resources.unsubscribe')).toEqual([{ id: server.id, uri: 'demo://doc/readme' }]));
  });

  it('attaches a resource a tool linked to, from its card, to the next message', async () => {
    const { api, conversation, server } = seeded();
    const stored = [api.fakeChat.message(conversation.id, { role: 'user', text: 'Find the readme' })];
    stored.push(api.fakeChat.message(conversation.id, {
      role: 'assistant',
      text: 'Here it is.',
      toolCalls: [
        toolCall({
          serverId: server.id,
          result: { text: '', isError: false, content: [{ type: 'resource_link', uri: 'demo://doc/readme', name: 'readme.md' }] },
        }),
      ],
    }));
    api.fakeChat.messages.set(conversation.id, stored);
    await open(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Open readme.md' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Attach to the next message' }));
    await waitFor(() => expect(within(tray()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['readme.md15 B']));
    expect((screen.getByRole('button', { name: 'Attached to the next message' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('chat.send')).toHaveLength(1));
    expect(api.callsTo('chat.send')[0]).toMatchObject({ attachments: [{ kind: 'text', name: 'readme.md', text: '# Read me first' }] });
  });

  it('says when no server is connected', async () => {
    const { api, server } = seeded();
    api.setConnection(server.id, { status: 'disconnected' });
    await open(api);
    const picker = await openPicker();
    expect(within(picker).getByText(/No server is connected/)).toBeTruthy();
  });
});
