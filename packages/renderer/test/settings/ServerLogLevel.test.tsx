/**
 * The server's own logging level in its details (MCP `logging/setLevel`): `info` until changed,
 * a choice goes to main at once, in every language. Main sends it to the server
 * (desktop/test/mcp/logLevels.test.ts); here the FakeApi answers.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function seeded(language: 'en' | 'zh' | 'ja' = 'en'): { api: FakeApi; id: string } {
  const api = new FakeApi();
  api.settingsValue = { language };
  const { id } = api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['server.js'] });
  return { api, id };
}

describe('the server log level in the details', () => {
  it('shows the kept level and sends a new one to main', async () => {
    const { api, id } = seeded();
    api.logLevels.set(id, 'warning');
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Details for everything' }));
    const details = within(screen.getByRole('region', { name: 'Details of everything' }));
    const select = await details.findByLabelText<HTMLSelectElement>('Server log level');
    expect(select.value).toBe('warning');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Debug', 'Info', 'Notice', 'Warning', 'Error', 'Critical', 'Alert', 'Emergency']);
    fireEvent.change(select, { target: { value: 'debug' } });
    await waitFor(() => expect(api.callsTo('mcp.setLogLevel')).toEqual([{ id, level: 'debug' }]));
    await waitFor(() => expect(select.value).toBe('debug'));
  });

  it('is translated', async () => {
    const { api } = seeded('ja');
    renderApp(<ServersSection />, { api, language: 'ja' });
    fireEvent.click(await screen.findByRole('button', { name: 'everything の詳細' }));
    const select = await screen.findByLabelText<HTMLSelectElement>('サーバーのログレベル');
    expect(select.value).toBe('info');
    expect(select.selectedOptions[0]?.textContent).toBe('情報');
  });
});
