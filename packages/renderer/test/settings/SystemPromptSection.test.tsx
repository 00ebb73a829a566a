import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GeneralTab } from '../../src/features/settings/components/tabs/general-tab/GeneralTab';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function setup(systemPrompt = ''): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.systemPrompt = systemPrompt;
  return api;
}

describe('Settings → General: the default system prompt', () => {
  // Trimming and the length limit are main's (the router test in desktop/test/chat/attachmentsAndPrompt.test.ts).
  it('shows what is stored and saves the new default as typed', async () => {
    const api = setup('Be brief.');
    renderApp(<GeneralTab />, { api });
    const section = await screen.findByRole('region', { name: 'Default system prompt' });
    const text = await within(section).findByRole<HTMLTextAreaElement>('textbox', { name: 'Default system prompt' });
    expect(text.value).toBe('Be brief.');
    fireEvent.change(text, { target: { value: '  Answer in Japanese.  ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save default prompt' }));
    expect(await within(section).findByRole('status')).toHaveProperty('textContent', 'Saved. New conversations start with it.');
    expect(api.callsTo('settings.setSystemPrompt')).toEqual([{ systemPrompt: '  Answer in Japanese.  ' }]);
    expect(api.systemPrompt).toBe('  Answer in Japanese.  ');
  });

  it('names the field main refuses, and says why a save failed otherwise', async () => {
    const api = setup();
    renderApp(<GeneralTab />, { api });
    const section = await screen.findByRole('region', { name: 'Default system prompt' });
    const text = await within(section).findByRole<HTMLTextAreaElement>('textbox', { name: 'Default system prompt' });
    fireEvent.change(text, { target: { value: 'x' } });
    api.failures.set('settings.setSystemPrompt', new FakeTrpcError({ code: 'VALIDATION', fieldErrors: [{ field: 'systemPrompt', code: 'tooLong', params: { max: 20_000 } }] }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save default prompt' }));
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    expect(within(section).getByText('Use at most 20000 characters.')).toBeTruthy();

    api.failures.set('settings.setSystemPrompt', new FakeTrpcError({ code: 'READ_ONLY', params: { path: '/data/elftia.db' } }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save default prompt' }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('/data/elftia.db');
    expect(api.systemPrompt).toBe('');
  });
});
