import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { SettingsView } from '../../src/features/settings/SettingsView';
import { FakeApi } from '../fakes/FakeApi';
import { validationError } from '../fakes/CallRecorder';
import { renderApp } from '../helpers/renderApp';
import { manyRecords, record, weather } from './registryRecords';

function setup(records = [weather, ...manyRecords(3)]): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.fakeRegistry.records = records;
  return api;
}

const browser = () => screen.getByRole('region', { name: 'MCP Registry' });
const entries = () => within(browser()).queryAllByTestId('registry-entry');
const entry = (name: string) => entries().find((e) => e.dataset.name === name)!;
/** The header's "Browse the MCP Registry" (the empty list offers one too, after it). */
const headerBrowse = async () => (await screen.findAllByRole('button', { name: 'Browse the MCP Registry' }))[0]!;

async function openBrowser(api: FakeApi, ui = <ServersSection />) {
  renderApp(ui, { api });
  fireEvent.click(await headerBrowse());
  await waitFor(() => expect(entries().length).toBeGreaterThan(0));
}

describe('MCP Registry browser', () => {
  it('opens from Servers with the search focused, shows each record with its options, and goes back to the Browse button', async () => {
    const api = setup();
    await openBrowser(api);
    expect(document.activeElement).toBe(within(browser()).getByRole('searchbox', { name: 'Search the registry' }));
    expect(within(browser()).getByTestId('registry-url').textContent).toContain('Registry: registry.modelcontextprotocol.io');

    const card = within(entry('io.github.example/weather'));
    expect(card.getByRole('heading', { name: 'Weather' })).toBeTruthy();
    expect(card.getByText('io.github.example/weather')).toBeTruthy();
    expect(card.getByText('v1.2.0')).toBeTruthy();
    expect(card.getAllByTestId('registry-option').map((chip) => chip.textContent)).toEqual(['npm', 'HTTP', 'Docker · Docker not found']);
    expect(card.getByRole('link', { name: 'Repository of Weather' }).getAttribute('href')).toBe('https://github.com/example/weather');
    expect(card.queryByTestId('registry-status')).toBeNull();

    fireEvent.click(within(browser()).getByRole('button', { name: 'Back to servers' }));
    const browse = await headerBrowse();
    await waitFor(() => expect(document.activeElement).toBe(browse));
  });

  it('the empty server list offers the registry beside the presets, opening the same browser', async () => {
    const api = setup();
    renderApp(<ServersSection />, { api });
    const empty = await screen.findByTestId('mcp-server-list-empty');
    expect(within(empty).getAllByRole('button').map((button) => button.textContent)).toEqual(['Browse presets', 'Browse the MCP Registry']);
    fireEvent.click(within(empty).getByRole('button', { name: 'Browse the MCP Registry' }));
    await waitFor(() => expect(entries().map((e) => e.dataset.name)).toContain('io.github.example/weather'));
    expect(document.activeElement).toBe(within(browser()).getByRole('searchbox', { name: 'Search the registry' }));
    expect(api.callsTo('registry.search')).toEqual([{ query: '', includeInactive: false }]);
  });

  it('names the reason when a remote would keep a secret in its URL', async () => {
    const keyed = record('io.keyedmaps/tiles', {
      title: 'Keyed Maps',
      options: [{ id: 'remote:0', kind: 'streamable-http', label: 'https://maps.example.com/mcp/{apiKey}', summary: 'https://maps.example.com/mcp/{apiKey}', supported: false, unsupportedReason: 'secretInUrl', fields: [] }],
    });
    const api = setup([keyed]);
    await openBrowser(api);
    expect(within(entry('io.keyedmaps/tiles')).getAllByTestId('registry-option').map((chip) => chip.textContent)).toEqual(['HTTP · a secret in its URL would be stored in plain text']);
  });

  it('searches once the user pauses typing, and says when nothing matches', async () => {
    const api = setup();
    await openBrowser(api);
    const box = within(browser()).getByRole('searchbox', { name: 'Search the registry' });
    for (const text of ['w', 'we', 'wea', 'weather']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(entries().map((e) => e.dataset.name)).toEqual(['io.github.example/weather']));
    // One request for the first page, one for the settled text: none for what was typed on the way.
    expect(api.callsTo('registry.search')).toEqual([
      { query: '', includeInactive: false },
      { query: 'weather', includeInactive: false },
    ]);
    fireEvent.change(box, { target: { value: 'nothing like this' } });
    expect(await within(browser()).findByText('No server in the registry matches.')).toBeTruthy();
  });

  it('pages through with Load more, passing the registry’s cursor, until the last page', async () => {
    const api = setup(manyRecords(45));
    await openBrowser(api);
    expect(entries()).toHaveLength(30);
    fireEvent.click(within(browser()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(45));
    expect(api.callsTo('registry.search')[1]).toEqual({ query: '', includeInactive: false, cursor: 'after-30' });
    expect(within(browser()).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(entries().at(-1)?.dataset.name).toBe('io.example/server-45');
    expect(within(browser()).queryByTestId('registry-skipped')).toBeNull();
  });

  it('says how many malformed records main left out of the pages shown', async () => {
    const api = setup(manyRecords(45));
    api.fakeRegistry.skipped = 2;
    await openBrowser(api);
    expect(within(browser()).getByTestId('registry-skipped').textContent).toBe('Records left out of these results because the registry sent them malformed: 2.');
    fireEvent.click(within(browser()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(browser()).getByTestId('registry-skipped').textContent).toContain(': 4.'));
  });

  it('hides deprecated and removed records until asked, then marks them; a record already added says so', async () => {
    const api = setup([
      record('io.example/current', { addedServerIds: ['srv-9'] }),
      record('io.example/old', { status: 'deprecated', statusMessage: 'Use io.example/current instead' }),
      record('io.example/gone', { status: 'deleted' }),
    ]);
    await openBrowser(api);
    expect(entries().map((e) => e.dataset.name)).toEqual(['io.example/current']);
    expect(within(entry('io.example/current')).getByTestId('registry-added').textContent).toBe('Added');
    expect(within(entry('io.example/current')).getByRole('button', { name: 'Install io.example/current again' })).toBeTruthy();

    fireEvent.click(within(browser()).getByRole('checkbox', { name: 'Show deprecated and removed' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(within(entry('io.example/old')).getByTestId('registry-status').textContent).toBe('Deprecated');
    // The publisher's reason, after the mark.
    expect(within(entry('io.example/old')).getByTestId('registry-status-message').textContent).toBe('Deprecated: Use io.example/current instead');
    expect(within(entry('io.example/current')).queryByTestId('registry-status-message')).toBeNull();
    expect(within(entry('io.example/gone')).getByTestId('registry-status').textContent).toBe('Removed');
    // Removed by its publisher: shown, but not offered for install.
    const gone = within(entry('io.example/gone')).getByRole('button', { name: 'Install io.example/gone' });
    expect(gone.getAttribute('aria-disabled')).toBe('true');
    expect(gone.getAttribute('title')).toBe('Removed from the registry by its publisher; it cannot be installed.');
    fireEvent.click(gone);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('registry.search').at(-1)).toEqual({ query: '', includeInactive: true });
  });

  it('shows the cached results with their time when the registry cannot be reached, and the error when nothing is cached', async () => {
    const api = setup();
    const { unmount } = renderApp(<ServersSection />, { api });
    fireEvent.click(await headerBrowse());
    await waitFor(() => expect(entries().length).toBe(4));
    unmount();

    api.fakeRegistry.offline = true;
    await openBrowser(api);
    const note = within(browser()).getByTestId('registry-offline');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toMatch(/^Showing results saved at .*2026.*; the registry can’t be reached\.$/);
    expect(entries()).toHaveLength(4);

    fireEvent.change(within(browser()).getByRole('searchbox', { name: 'Search the registry' }), { target: { value: 'never asked' } });
    const error = await within(browser()).findByTestId('registry-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('The registry could not be searched.');
    expect(error.textContent).toContain('The MCP Registry at https://registry.modelcontextprotocol.io could not be reached (connect ECONNREFUSED), and nothing is saved from it for this request.');
  });

  it('installs: chooses the option, checks its runtime, asks its inputs (secret as a password, choice with its default), and stores nothing until they are right', async () => {
    const api = setup();
    await openBrowser(api, <SettingsView />);
    fireEvent.click(within(entry('io.github.example/weather')).getByRole('button', { name: 'Install Weather' }));

    const choose = await screen.findByRole('dialog', { name: 'Install Weather' });
    const docker = within(choose).getByRole('radio', { name: /Docker/ }) as HTMLInputElement;
    expect(docker.disabled).toBe(true);
    expect(within(choose).getByText('Docker not found')).toBeTruthy();
    expect((within(choose).getByRole('radio', { name: /npm/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(choose).getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' });
    await waitFor(() => expect(within(dialog).queryByRole('radio')).toBeNull());
    expect(api.callsTo('mcp.dependencies.check')).toEqual([{ command: 'npx' }]);
    expect(within(dialog).getByTestId('registry-install-summary').textContent).toBe('npx -y @example/weather@1.2.0');
    const key = within(dialog).getByLabelText('WEATHER_API_KEY (required)') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.getAttribute('aria-required')).toBe('true');
    expect(within(dialog).getByText('Your weather.example key')).toBeTruthy();
    const units = within(dialog).getByLabelText('UNITS') as HTMLSelectElement;
    expect(units.value).toBe('metric');
    expect([...units.options].map((o) => o.value)).toEqual(['', 'metric', 'imperial']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Install and start' }));
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    expect(api.callsTo('registry.add')).toEqual([]);
    expect(api.servers).toEqual([]);

    fireEvent.change(key, { target: { value: 'wk-secret' } });
    fireEvent.change(units, { target: { value: 'imperial' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install and start' }));
    await waitFor(() =>
      expect(api.callsTo('registry.add')).toEqual([
        { name: 'io.github.example/weather', version: '1.2.0', optionId: 'package:0', inputs: { 'env.WEATHER_API_KEY': 'wk-secret', 'env.UNITS': 'imperial' } },
      ]),
    );
    // Like a preset: back on the server list, the new server's details open.
    const servers = await screen.findByRole('region', { name: 'MCP servers' });
    expect(within(servers).getByText('Added “Weather”. It starts now; its status, tools and log are below.')).toBeTruthy();
    expect((await within(servers).findByRole('button', { name: 'Details for Weather' })).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByDisplayValue('wk-secret')).toBeNull();
  });

  it('shows the router’s field errors on their fields and keeps what was typed', async () => {
    const api = setup();
    await openBrowser(api);
    fireEvent.click(within(entry('io.github.example/weather')).getByRole('button', { name: 'Install Weather' }));
    const choose = await screen.findByRole('dialog', { name: 'Install Weather' });
    fireEvent.click(within(choose).getByRole('radio', { name: /HTTP/ }));
    fireEvent.click(within(choose).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' });
    const tenant = await within(dialog).findByLabelText('tenant (required)');
    // A remote needs no runtime.
    expect(api.callsTo('mcp.dependencies.check')).toEqual([]);
    fireEvent.change(tenant, { target: { value: 'acme corp' } });
    fireEvent.change(within(dialog).getByLabelText('X-Api-Key (required)'), { target: { value: 'hk-1' } });
    api.failures.set('registry.add', validationError([{ field: 'inputs.url.tenant', code: 'invalidCharacters' }]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install and start' }));
    await waitFor(() => expect(tenant.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(tenant.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toMatch(/character/i);
    expect((tenant as HTMLInputElement).value).toBe('acme corp');
    expect(api.servers).toEqual([]);
  });

  it('gives focus back to the Install button after Esc, from the option chooser and from the install dialog', async () => {
    const api = setup();
    await openBrowser(api);
    const install = within(entry('io.github.example/weather')).getByRole('button', { name: 'Install Weather' });
    install.focus();
    fireEvent.click(install);
    const choose = await screen.findByRole('dialog', { name: 'Install Weather' });
    await waitFor(() => expect(document.activeElement).toBe(within(choose).getByRole('radio', { name: /npm/ })));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(install));

    fireEvent.click(install);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Install Weather' })).getByRole('button', { name: 'Continue' }));
    const key = await screen.findByLabelText('WEATHER_API_KEY (required)');
    await waitFor(() => expect(document.activeElement).toBe(key));
    fireEvent.keyDown(key, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(install));
    expect(api.callsTo('registry.add')).toEqual([]);
  });

  it('offers to install a missing runtime first, like a preset', async () => {
    const api = setup([record('io.example/py', { options: [{ id: 'package:0', kind: 'pypi', label: 'py-tool==2.0', summary: 'uvx py-tool==2.0', runtime: 'uv', supported: true, fields: [] }] })]);
    api.dependencies.set('uvx', { command: 'uvx', found: false, searched: 4 });
    await openBrowser(api);
    fireEvent.click(within(entry('io.example/py')).getByRole('button', { name: 'Install io.example/py' }));
    expect(await screen.findByRole('dialog', { name: /uv/ })).toBeTruthy();
    expect(api.callsTo('mcp.dependencies.check')).toEqual([{ command: 'uvx' }]);
    expect(api.callsTo('registry.add')).toEqual([]);
  });

  it('changes the registry URL: a wrong one is refused on the field, a right one is searched at once', async () => {
    const api = setup();
    await openBrowser(api);
    fireEvent.click(within(browser()).getByRole('button', { name: 'Change the registry' }));
    const field = await within(browser()).findByLabelText('Registry URL');
    fireEvent.change(field, { target: { value: 'ftp://mirror.example' } });
    fireEvent.click(within(browser()).getByRole('button', { name: 'Use this registry' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo('settings.setRegistryUrl')).toEqual([]);

    // main's refusal lands on the field too.
    fireEvent.change(field, { target: { value: 'https://registry.corp.example' } });
    api.failures.set('settings.setRegistryUrl', validationError([{ field: 'url', code: 'invalidHttpUrl' }]));
    fireEvent.click(within(browser()).getByRole('button', { name: 'Use this registry' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));

    const searches = api.callsTo('registry.search').length;
    fireEvent.click(within(browser()).getByRole('button', { name: 'Use this registry' }));
    await waitFor(() => expect(within(browser()).getByTestId('registry-url').textContent).toContain('Registry: registry.corp.example'));
    expect(api.fakeRegistry.url).toBe('https://registry.corp.example');
    await waitFor(() => expect(api.callsTo('registry.search').length).toBeGreaterThan(searches));
    expect(document.activeElement).toBe(within(browser()).getByRole('button', { name: 'Change the registry' }));
  });
});
