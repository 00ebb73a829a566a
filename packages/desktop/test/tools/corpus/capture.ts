// Regenerates real-servers.json from the MCP servers installed as devDependencies.
// Run: cd packages/desktop && node --import tsx test/tools/corpus/capture.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CapturedServer, REAL_SERVERS, captureServer } from './realServers';

const out: CapturedServer[] = [];
for (const server of REAL_SERVERS) {
  const captured = await captureServer(server);
  out.push(captured);
  console.error(`${server.name}: ${captured.tools.length} tools`);
}
const file = fileURLToPath(new URL('./real-servers.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.error(`wrote ${file}`);
