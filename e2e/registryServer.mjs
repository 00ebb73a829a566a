#!/usr/bin/env node
/**
 * The local MCP Registry fixture (packages/desktop/test/fixtures/registry-server.mjs) as a process
 * that announces itself the way e2e/processes.ts expects: one JSON line with its URL. Stopping the
 * process is how a spec takes the registry offline.
 */
import { startRegistryServer } from '../packages/desktop/test/fixtures/registry-server.mjs';

const registry = await startRegistryServer();
console.log(JSON.stringify({ url: registry.url }));
