/**
 * Resources & prompts in a server's details (Settings → Servers): listed read-only beside the tools,
 * a resource previewed by reading it, prompts with their arguments (required ones marked), safe icons only.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function connected(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['server.js'] });
  api.setTools('srv-1', []);
  api.setConnection('srv-1', { status: 'connected', toolCount: 0 });
  api.fakeResources.catalogs.set('srv-1', {
    resources: [{ uri: 'demo://doc/a.md', name: 'a.md', mimeType: 'text/markdown', size: 12, icon: 'data:text/html;base64,PHNjcmlwdD4=' }],
    templates: [{ uriTemplate: 'demo://text/{id}', name: 'Dynamic', variables: ['id'], icon: 'https://example.com/t.svg' }],
    prompts: [{ name: 'args-prompt', title: 'Arguments Prompt', arguments: [{ name: 'city', required: true }, { name: 'state', required: false }] }],
    canSubscribe: false,
    canComplete: false,
  });
  api.fakeResources.reads.set('srv-1 demo://doc/a.md', { contents: [{ uri: 'demo://doc/a.md', mimeType: 'text/markdown', text: '# A document' }] });
  return api;
}

describe('resources and prompts in the server details', () => {
  it('lists resources, templates and prompts, and previews a resource', async () => {
    const api = connected();
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Details for everything' }));
    const details = within(screen.getByRole('region', { name: 'Details of everything' }));
    const section = within(details.getByRole('region', { name: 'Resources & prompts' }));
    const resources = await section.findByRole('list', { name: 'Resources' });
    expect(within(resources).getByText('demo://doc/a.md')).toBeTruthy();
    expect(within(resources).getByText('text/markdown · 12 bytes')).toBeTruthy();
    // A data:text/html "icon" is not drawn; the template's https SVG is, as an <img> without a referrer.
    expect(resources.querySelector('img')).toBeNull();
    const templates = section.getByRole('list', { name: 'Resource templates' });
    expect(templates.querySelector('img')?.getAttribute('src')).toBe('https://example.com/t.svg');
    expect(templates.querySelector('img')?.getAttribute('referrerpolicy')).toBe('no-referrer');
    const prompts = section.getByRole('list', { name: 'Prompts' });
    expect(within(prompts).getByText('Arguments Prompt')).toBeTruthy();
    expect(within(prompts).getByTitle('required')).toBeTruthy();

    fireEvent.click(within(resources).getByRole('button', { name: 'Preview a.md' }));
    expect((await within(resources).findByLabelText('Contents of a.md')).textContent).toBe('# A document');
    expect(api.callsTo('resources.read')).toEqual([{ id: 'srv-1', uri: 'demo://doc/a.md' }]);
  });

  it('says to connect a server that is not connected, and asks it nothing', async () => {
    const api = connected();
    api.setConnection('srv-1', { status: 'disconnected' });
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Details for everything' }));
    expect(await screen.findByText('Connect the server to see its resources and prompts.')).toBeTruthy();
    expect(api.callsTo('resources.catalog')).toEqual([]);
  });
});
