#!/usr/bin/env node
/**
 * A transparent stdin tap for a stdio MCP server, for e2e tests that need to see what the server
 * was sent:
 *
 *   node e2e/stdioTap.mjs <server entry> [args…]
 *
 * runs `node <server entry> [args…]` with the same stdout and stderr, forwards stdin to it byte for
 * byte, and for each JSON-RPC message on stdin writes one line to stderr:
 *
 *   [stdin-tap] received tools/call id=3 name="echo"
 *   [stdin-tap] received notifications/cancelled {"requestId":3,"reason":"…"}
 *
 * (the tool's name for tools/call and the params of notifications/cancelled; nothing else of the
 * params, to keep the log short). Elftia shows a server's stderr in
 * Settings → Tools → the server's log, so a test can read there that the server got the message.
 */
import { spawn } from 'node:child_process';

const child = spawn(process.execPath, process.argv.slice(2), { stdio: ['pipe', 'inherit', 'inherit'] });

let pending = '';
process.stdin.on('data', (chunk) => {
  child.stdin.write(chunk);
  pending += chunk.toString('utf8');
  for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
    const line = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof message?.method !== 'string') continue;
    const id = message.id !== undefined ? ` id=${JSON.stringify(message.id)}` : '';
    const tool = message.method === 'tools/call' ? ` name=${JSON.stringify(message.params?.name)}` : '';
    const params = message.method === 'notifications/cancelled' ? ` ${JSON.stringify(message.params ?? {})}` : '';
    process.stderr.write(`[stdin-tap] received ${message.method}${id}${tool}${params}\n`);
  }
});
process.stdin.on('end', () => child.stdin.end());
child.stdin.on('error', () => {});

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
