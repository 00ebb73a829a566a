import { afterEach } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { type RegistryFixture, startRegistryServer } from '../fixtures/registry-server.mjs';
import { tempDir } from '../support/tempDir';

const registries: RegistryFixture[] = [];
const services: AppServices[] = [];

afterEach(async () => {
  for (const app of services.splice(0)) await app.dispose();
  for (const registry of registries.splice(0)) await registry.close();
});

/** The fixture registry on 127.0.0.1, closed after the test. */
export async function startRegistry(): Promise<RegistryFixture> {
  const registry = await startRegistryServer();
  registries.push(registry);
  return registry;
}

/**
 * App services on a fresh data dir whose `registry.url` is `registryUrl`, a router caller, and every
 * line the app logged (for tests that prove a secret never reaches the log). Disposed after the test.
 */
export function appWithRegistry(registryUrl: string, dataDir = tempDir()) {
  const logLines: string[] = [];
  const log = (line: string) => void logLines.push(line);
  const app = createAppServices({ dataDir, builtinServers: false, logger: { info: log, warn: log, error: log } });
  services.push(app);
  app.settings.setRegistryUrl({ url: registryUrl });
  return { app, caller: createAppCaller({ services: app }), dataDir, logLines };
}
