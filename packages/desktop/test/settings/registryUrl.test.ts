import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY_URL } from '../../app/shared/contracts/registry';
import { appErrorData } from '../../app/main/routers/trpc';
import { closeApp, openApp, rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';
import { startRegistry } from '../registry/registryHarness';

describe('the registry.url setting', () => {
  it('is the official registry until set, refuses what is not an http(s) URL, survives a restart and resets with ""', async () => {
    const dataDir = tempDir();
    const { caller, services } = openApp({ dataDir });
    expect(await caller.settings.registryUrl()).toEqual({ url: DEFAULT_REGISTRY_URL });
    for (const url of ['registry.example.com', 'ftp://registry.example.com', 'javascript:alert(1)']) {
      expect(appErrorData(await rejection(caller.settings.setRegistryUrl({ url })))).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'url', code: 'invalidHttpUrl' }] });
    }
    expect(await caller.settings.setRegistryUrl({ url: ' https://mcp.internal.example.com/registry ' })).toEqual({ url: 'https://mcp.internal.example.com/registry' });
    await closeApp(services);
    const again = openApp({ dataDir });
    expect(await again.caller.settings.registryUrl()).toEqual({ url: 'https://mcp.internal.example.com/registry' });
    expect(await again.caller.settings.setRegistryUrl({ url: '' })).toEqual({ url: DEFAULT_REGISTRY_URL });
  });

  it('is the registry the browser searches (a subregistry under a path prefix too)', async () => {
    const registry = await startRegistry();
    const { caller } = openApp({ dataDir: tempDir() });
    await caller.settings.setRegistryUrl({ url: `${registry.url}/` });
    expect((await caller.registry.search({ query: 'time' })).servers.map((s) => s.name)).toEqual(['io.github.example/time']);
    expect(registry.requests).toEqual(['/v0.1/servers?version=latest&search=time&limit=30']);
  });
});
