#!/usr/bin/env node
// @ts-check
/**
 * Built-in MCP server `files`: read-only access to one folder the user picked.
 * Usage: node server.mjs <folder>
 *
 * Plain .mjs with JSDoc types rather than TypeScript: built-in servers run as separate Node
 * processes, and in production there is no tsx; .mjs runs as shipped, with no build step of its own.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { createRootGuard } from './confine.mjs';
import { MAX_PATTERN_LENGTH } from './glob.mjs';
import { MAX_READ_BYTES, fileInfo, listDirectory, readTextFile, searchFiles } from './operations.mjs';

const rootArg = process.argv[2];
if (!rootArg) {
  console.error('usage: server.mjs <folder>');
  process.exit(2);
}
const guard = await createRootGuard(rootArg).catch((error) => {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(2);
});

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const pathArg = z.string().describe('Path relative to the shared folder ("." is the folder itself); absolute paths must lie inside it');

/** @param {string} text */
const text = (text) => ({ type: /** @type {const} */ ('text'), text });

const server = new McpServer({ name: 'elftia-files', version: '1.0.0' });

server.registerTool(
  'list_directory',
  {
    description: 'Lists the entries of a folder inside the shared folder: sub-folders first, files with their size.',
    inputSchema: { path: pathArg.optional() },
    annotations: READ_ONLY,
  },
  async ({ path }) => ({ content: [text(await listDirectory(guard, { path }))] }),
);

server.registerTool(
  'read_text_file',
  {
    description: `Reads a UTF-8 text file inside the shared folder, at most ${MAX_READ_BYTES} bytes per call. For longer files, continue with the offset given at the end of the result.`,
    inputSchema: {
      path: pathArg,
      offset: z.number().int().min(0).optional().describe('Byte offset to start at; default 0'),
      length: z.number().int().min(1).max(MAX_READ_BYTES).optional().describe(`Bytes to read; default and maximum ${MAX_READ_BYTES}`),
    },
    annotations: READ_ONLY,
  },
  async (args) => {
    const { text: body, note } = await readTextFile(guard, args);
    return { content: note ? [text(body), text(note)] : [text(body)] };
  },
);

server.registerTool(
  'search_files',
  {
    description:
      'Finds files and folders by name under a folder of the shared folder. Pattern: * ? ** and {a,b} globs (matched against the name, or against the relative path when it contains /), or plain text to match names containing it. Case-insensitive; skips .git and node_modules; does not follow symlinks. A search that takes too long answers with what it found so far and says so.',
    inputSchema: {
      pattern: z.string().min(1).max(MAX_PATTERN_LENGTH).describe('e.g. "*.md", "src/**/*.ts", "report"'),
      path: pathArg.optional(),
      maxResults: z.number().int().min(1).max(1000).optional().describe('Default 100'),
    },
    annotations: READ_ONLY,
  },
  async (args) => ({ content: [text(await searchFiles(guard, args))] }),
);

server.registerTool(
  'file_info',
  {
    description: 'Type, size, modification and creation time, and permissions of a file or folder inside the shared folder.',
    inputSchema: { path: pathArg },
    annotations: READ_ONLY,
  },
  async ({ path }) => ({ content: [text(await fileInfo(guard, { path }))] }),
);

await server.connect(new StdioServerTransport());
