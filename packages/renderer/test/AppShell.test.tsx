import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppShell } from '../src/app/AppShell';
import { BridgeStatus } from '../src/lib/bridgeStatus';
import { FakeApi } from './fakes/FakeApi';
import { renderApp } from './helpers/renderApp';

describe('AppShell', () => {
  it('opens on the chat and moves between Chat and Settings', async () => {
    renderApp(<AppShell status={new BridgeStatus('connected')} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('button', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: 'Conversations' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'MCP servers' })).toBeTruthy();
    expect(nav).toBeTruthy();
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
});
