import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApprovalSettings } from '../../src/features/settings/components/tabs/tools-tab/approvals/ApprovalSettings';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function seeded() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.fakeChat.permissions = [
    { serverId: 'srv-1', serverName: 'everything', toolName: 'echo', createdAt: '2026-01-02T12:00:00.000Z' },
    { serverId: 'srv-2', serverName: 'files', toolName: 'delete_file', createdAt: '2026-01-03T12:00:00.000Z' },
  ];
  return api;
}

describe('Settings → Approvals', () => {
  it('lists the always-allowed tools and revokes one', async () => {
    const api = seeded();
    renderApp(<ApprovalSettings />, { api });
    const list = await screen.findByTestId('tool-permissions');
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      'echo on everything · since Jan 2, 2026',
      'delete_file on files · since Jan 3, 2026',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke delete_file on files' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('approvals.revoke')).toEqual([{ serverId: 'srv-2', toolName: 'delete_file' }]);
  });

  it('shows a grant made in the chat while the list is open', async () => {
    const api = seeded();
    renderApp(<ApprovalSettings />, { api });
    const list = await screen.findByTestId('tool-permissions');
    act(() => {
      api.fakeChat.permissions = [...api.fakeChat.permissions, { serverId: 'srv-1', serverName: 'everything', toolName: 'add', createdAt: '2026-01-04T12:00:00.000Z' }];
      api.fakeChat.permissionChannel.emit();
    });
    expect(within(list).getByRole('button', { name: 'Revoke add on everything' })).toBeTruthy();
  });

  it('says when nothing is always allowed', async () => {
    renderApp(<ApprovalSettings />);
    expect(await screen.findByText(/^No tools are always allowed\./)).toBeTruthy();
  });

  it('saves "Run read-only tools without asking" when toggled', async () => {
    const api = seeded();
    renderApp(<ApprovalSettings />, { api });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Run read-only tools without asking' });
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(api.callsTo('approvals.setPolicy')).toEqual([{ autoApproveReadOnly: true }]));
    // Checked from the stored answer, which reaches the query's cache after the call returns.
    await waitFor(() => expect(box.checked).toBe(true));
  });

  it('checks and saves the many-tools threshold', async () => {
    const api = seeded();
    renderApp(<ApprovalSettings />, { api });
    const threshold = await screen.findByLabelText<HTMLInputElement>('Many-tools threshold');
    expect(threshold.value).toBe('40');

    fireEvent.change(threshold, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 1 to 10000.');
    expect(api.callsTo('approvals.setPolicy')).toEqual([]);

    fireEvent.change(threshold, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(api.callsTo('approvals.setPolicy')).toEqual([{ manyToolsThreshold: 120 }]));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(api.fakeChat.policy.manyToolsThreshold).toBe(120);
  });
});
