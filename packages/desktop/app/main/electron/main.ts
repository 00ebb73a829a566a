/**
 * Electron's entry point (bundled to packages/desktop/dist/electron/main.js by
 * vite.electron.config.ts). Everything is in app.ts, which tests drive with a fake 'electron'.
 */
import { app } from 'electron';
import { runElectronApp } from './app';

runElectronApp().catch((error: unknown) => {
  console.error('[elftia] the app failed to start:', error);
  app.exit(1);
});
