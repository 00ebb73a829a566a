/**
 * The theme preference (Settings → General): light, dark or follow the system; stored, pushed to
 * every window through settings.onChanged, and anything else refused naming the field.
 */
import { describe, expect, it } from 'vitest';
import { closeApp, fieldErrors, openApp } from '../support/appHarness';

describe('theme setting', () => {
  it('follows the system until chosen, and a choice survives a restart', async () => {
    const { caller, dataDir, services } = openApp();
    expect((await caller.settings.get()).theme).toBe('system');

    expect(await caller.settings.setTheme({ theme: 'dark' })).toEqual({ language: 'system', theme: 'dark' });
    await closeApp(services);
    expect(await openApp({ dataDir }).caller.settings.get()).toEqual({ language: 'system', theme: 'dark' });
  });

  it('refuses a theme it does not know, naming the field, and keeps the stored one', async () => {
    const { caller } = openApp();
    await caller.settings.setTheme({ theme: 'light' });
    expect(await fieldErrors(caller.settings.setTheme({ theme: 'sepia' as never }))).toEqual([{ field: 'theme', code: 'invalid' }]);
    expect((await caller.settings.get()).theme).toBe('light');
  });

  it('tells every window about a change', async () => {
    const { caller, services } = openApp();
    let changes = 0;
    const stop = services.settings.onChange(() => changes++);
    await caller.settings.setTheme({ theme: 'light' });
    stop();
    expect(changes).toBe(1);
  });

  it('reads a damaged stored value as the default', async () => {
    const { caller, services } = openApp();
    services.db.prepare("INSERT INTO settings (key, value_json) VALUES ('theme', '\"neon\"')").run();
    expect((await caller.settings.get()).theme).toBe('system');
  });
});
