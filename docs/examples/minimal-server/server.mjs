#!/usr/bin/env node
// A minimal MCP server that works well with Elftia (docs/extending-mcp.md shows this file; a test
// runs it). It speaks MCP over stdio: stdout carries JSON-RPC only, so diagnostics go to stderr,
// which Elftia shows in the server's log (Settings → Servers, or `elftia mcp logs NAME`).
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'elftia-example', version: '1.0.0' });

// Text. Short snake_case names reach every LLM provider unchanged (mcp__<server>__greet).
server.registerTool(
  'greet',
  {
    title: 'Greet',
    description: 'Greets someone by name.',
    inputSchema: { name: z.string().min(1).describe('Who to greet') },
    annotations: { readOnlyHint: true },
  },
  async ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] }),
);

// An image: base64 without a `data:` prefix, and its mime type. The chat shows it; vision models see it.
server.registerTool(
  'color_swatch',
  {
    title: 'Color swatch',
    description: 'Draws a 16×16 PNG filled with one color.',
    inputSchema: { hex: z.string().regex(/^#[0-9a-fA-F]{6}$/).describe('The color as #rrggbb') },
    annotations: { readOnlyHint: true },
  },
  async ({ hex }) => ({
    content: [
      { type: 'text', text: `A swatch of ${hex}:` },
      { type: 'image', mimeType: 'image/png', data: solidPng(16, 16, hex).toString('base64') },
    ],
  }),
);

// Long work: each progress report restarts Elftia's idle timeout, and Stop (or a timeout) sends
// notifications/cancelled, which aborts `signal`.
server.registerTool(
  'slow_count',
  {
    title: 'Slow count',
    description: 'Counts to `steps`, one step every 500 ms, reporting progress. Stops when cancelled.',
    inputSchema: { steps: z.number().int().min(1).max(120).describe('How many steps') },
    annotations: { readOnlyHint: true },
  },
  async ({ steps }, { signal, sendNotification, _meta }) => {
    for (let step = 1; step <= steps; step += 1) {
      // Elftia always sends a progressToken, asking for these. Report at the start of each step: the
      // result itself says "done", and a notification sent just before it can be handled after it.
      if (_meta?.progressToken !== undefined) {
        await sendNotification({
          method: 'notifications/progress',
          params: { progressToken: _meta.progressToken, progress: step - 1, total: steps, message: `step ${step} of ${steps}` },
        });
      }
      try {
        await sleep(500, undefined, { signal });
      } catch {
        // Nobody waits for this answer any more (the SDK does not send it): stop working.
        console.error(`slow_count cancelled after ${step - 1} of ${steps} steps`);
        return { content: [{ type: 'text', text: 'Cancelled.' }], isError: true };
      }
    }
    return { content: [{ type: 'text', text: `Counted to ${steps}.` }] };
  },
);

// A failure the model should read and work around: a result with isError, not a protocol error.
server.registerTool(
  'divide',
  {
    title: 'Divide',
    description: 'Divides a by b.',
    inputSchema: { a: z.number(), b: z.number() },
    annotations: { readOnlyHint: true },
  },
  async ({ a, b }) => {
    if (b === 0) return { content: [{ type: 'text', text: 'Cannot divide by zero; pass a non-zero b.' }], isError: true };
    return { content: [{ type: 'text', text: String(a / b) }] };
  },
);

/** A PNG of one color: signature, IHDR, one deflated IDAT, IEND (PNG specification, section 5). */
function solidPng(width, height, hex) {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  // Each row: filter type 0 (none), then width RGB pixels.
  const row = Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolor, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 4 + body.length);
  return out;
}

await server.connect(new StdioServerTransport());
console.error('elftia-example MCP server running on stdio');
