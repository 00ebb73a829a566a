import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppShell } from '../src/app/AppShell';
import { BridgeStatus } from '../src/lib/bridgeStatus';
import { FakeApi } from './fakes/FakeApi';
import { renderApp } from './helpers/renderApp';

function withConversation() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  const provider = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  api.fakeChat.createConversation({ title: 'Weather', providerId: provider.id, model: 'gpt-4o' });
  return api;
}

describe('AppShell', () => {
  it('opens on the chat, with Settings at the foot of the sidebar and the way back at the top of Settings', async () => {
    renderApp(<AppShell status={new BridgeStatus('connected')} />);
    expect(await screen.findByRole('heading', { name: 'Conversations' })).toBeTruthy();
    const sidebar = screen.getByTestId('sidebar');
    fireEvent.click(within(within(sidebar).getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Settings' }));

    expect(screen.getByRole('heading', { name: 'MCP servers' })).toBeTruthy();
    // The chat is hidden, not gone: its sidebar is out of the accessibility tree meanwhile.
    expect(screen.queryByRole('heading', { name: 'Conversations' })).toBeNull();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Back to chat' }));
    expect(screen.getByRole('heading', { name: 'Conversations' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'MCP servers' })).toBeNull();
  });

  it('keeps the open conversation and the draft while Settings is shown', async () => {
    renderApp(<AppShell status={new BridgeStatus('connected')} />, { api: withConversation() });
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'half a thought' } });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to chat' }));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('half a thought');
    expect(screen.getByRole('heading', { name: 'Weather' })).toBeTruthy();
  });

  it('puts the cursor back in the open conversation’s message box on the way back from Settings', async () => {
    renderApp(<AppShell status={new BridgeStatus('connected')} />, { api: withConversation() });
    await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const back = screen.getByRole('button', { name: 'Back to chat' });
    back.focus();
    fireEvent.click(back);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
  });

  it('puts the cursor in the welcome box on the way back from Settings when there is no conversation yet', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
    renderApp(<AppShell status={new BridgeStatus('connected')} />, { api });
    await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const back = screen.getByRole('button', { name: 'Back to chat' });
    back.focus();
    fireEvent.click(back);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
  });

  it('takes "Set up a provider" from the chat to Settings → Providers', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.fakeChat.createConversation();
    renderApp(<AppShell status={new BridgeStatus('connected')} />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up a provider' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Providers' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('heading', { name: 'Providers' })).toBeTruthy();
  });

  it('moves focus to the current section’s tab when Settings opens from the chat', async () => {
    renderApp(<AppShell status={new BridgeStatus('connected')} />, { api: withConversation() });
    await screen.findByRole('textbox', { name: 'Message' });
    const settings = screen.getByRole('button', { name: 'Settings' });
    settings.focus();
    fireEvent.click(settings);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Servers' })));
  });

  it('puts focus on the Providers tab after "Set up a provider"', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.fakeChat.createConversation();
    renderApp(<AppShell status={new BridgeStatus('connected')} />, { api });
    const setUp = await screen.findByRole('button', { name: 'Set up a provider' });
    setUp.focus();
    fireEvent.click(setUp);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Providers' })));
  });

  it('a chat shortcut pressed in Settings brings the chat back and acts there', async () => {
    renderApp(<AppShell status={new BridgeStatus('connected')} />, { api: withConversation() });
    await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search conversations' })));
    expect(screen.queryByRole('heading', { name: 'MCP servers' })).toBeNull();
  });
});
