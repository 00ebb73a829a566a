/**
 * A tool result with content items that break the MCP schema keeps every item that follows it; each
 * other one becomes the "[Unsupported content: …]" note docs/extending-mcp.md promises, and is named
 * in the server's log. They used to fail the whole call with the SDK's validation issues as the
 * only text. Real child process: the raw (SDK-free) sloppy-result-server.mjs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ContentBlockSchema } from '@modelcontextprotocol/core';
import { repairToolResult } from '../../app/main/mcp/lenientResult';
import { McpServiceError } from '../../app/main/mcp/McpServiceError';
import { ToolContentSchema, unsupportedContent } from '../../app/shared/contracts/tool-content';
import { type Harness, closeHarness, createHarness, fixture, stdioRecord } from './helpers';

let harness: Harness | undefined;
afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
});

async function sloppyServer() {
  const record = stdioRecord(fixture('sloppy-result-server.mjs'));
  harness = createHarness([record]);
  await harness.service.connect(record.id);
  return { id: record.id, service: harness.service };
}

describe('tool results that follow the schema only in part', () => {
  it('keeps the valid content items, shows each other one as a note naming its type (and in the log), and ignores a non-boolean isError', async () => {
    const { id, service } = await sloppyServer();
    const result = await service.callTool(id, 'mixed', {}, 'mixed-1');
    expect(result.content).toEqual([
      { type: 'text', text: 'first' },
      { type: 'text', text: '[Unsupported content: image]' },
      { type: 'text', text: '[Unsupported content: chart]' },
      { type: 'text', text: '[Unsupported content: text]' },
      { type: 'text', text: '[Unsupported content: string]' },
      { type: 'resource_link', uri: 'file:///tmp/report.txt', name: 'report' },
    ]);
    expect(result).not.toHaveProperty('isError');
    const warnings = service.getLogs(id).filter((e) => e.level === 'warn').map((e) => e.text);
    expect(warnings).toEqual([
      expect.stringMatching(/^result of mixed: content\[1\] \("image"\) not shown: /),
      expect.stringMatching(/^result of mixed: content\[2\] \("chart"\) not shown: /),
      expect.stringMatching(/^result of mixed: content\[3\] \("text"\) not shown: /),
      expect.stringMatching(/^result of mixed: content\[4\] \(string\) not shown: /),
      'result of mixed: isError "no" ignored: not a boolean',
    ]);
  });

  it('still fails a result whose content is not a list at all, and the server stays usable', async () => {
    const { id, service } = await sloppyServer();
    const error = await service.callTool(id, 'strict-envelope', {}, 'env-1').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(McpServiceError);
    expect((error as McpServiceError).code).toBe('REQUEST_FAILED');
    expect((await service.callTool(id, 'mixed', {}, 'mixed-2')).content).toHaveLength(6);
  });
});

describe('the plain-text shortcut of result repair', () => {
  // repairToolResult keeps `{type: "text", text}` as it is, without the two schema parses; anything
  // else about a text item (annotations, _meta, a wrong type) still goes through them.
  const items: unknown[] = [
    { type: 'text', text: 'plain' },
    { type: 'text', text: '' },
    { type: 'text', text: 'with annotations', annotations: { audience: ['user'] } },
    { type: 'text', text: 'with _meta', _meta: { a: 1 } },
    { type: 'text', text: 42 },
    { type: 'text' },
    { type: 'Text', text: 'wrong case' },
    { text: 'no type', type: 'text', extra: true },
    JSON.parse('{"type":"text","text":"proto","__proto__":{"x":1}}'),
  ];

  it('gives what the schemas give, item by item, and skips them only for plain text', () => {
    for (const item of items) {
      const viaSchemas = ContentBlockSchema.safeParse(item).success ? ToolContentSchema.safeParse(item) : { success: false as const };
      const expected = viaSchemas.success ? viaSchemas.data : unsupportedContent(item);
      const [repaired] = repairToolResult({ content: [item] }, []).content;
      expect(repaired, JSON.stringify(item)).toEqual(expected);
      // The shortcut hands back the item itself; a parse makes a copy.
      expect(repaired === item, JSON.stringify(item)).toBe(item === items[0] || item === items[1]);
    }
  });
});
