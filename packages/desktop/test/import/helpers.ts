import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { tempDir } from '../support/tempDir';

const open: AppServices[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.dispose();
});

/** A router caller over real services on a temp data dir (real SQLite, real sealing). */
export function importCaller(homedir = tempDir()) {
  const services = createAppServices({ dataDir: tempDir(), builtinServers: false, importHost: { homedir, platform: 'linux', env: {} } });
  open.push(services);
  return { services, caller: createAppCaller({ services }, { signal: new AbortController().signal }) };
}

/** A dialect fixture, written from that app's own documentation (test/fixtures/import/). */
export function fixture(name: string): string {
  return fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'import', name), 'utf8');
}
