// The headless host's MCP Apps sandbox listener on its own (packages/desktop/app/main/apps/sandboxListener.ts),
// for apps-sandbox-proxy.spec.ts: announces `{ url, origin }` as one JSON line, runs until stopped.
import { startSandboxListener } from '../packages/desktop/app/main/apps/sandboxListener.ts';

const listener = await startSandboxListener();
process.stdout.write(`${JSON.stringify({ url: listener.url, origin: listener.origin })}\n`);
process.once('SIGTERM', () => {
  void listener.close().then(() => process.exit(0));
});
