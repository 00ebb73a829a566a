/**
 * How `elftia chat` prints a turn: the assistant's text as it streams, and each tool call, once it
 * has ended, as its server, tool and arguments followed by the result summarised the way
 * `elftia mcp call` prints one (images and other binary content as one-line summaries).
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ToolCallView } from '../../../shared/contracts/chat';
import type { EngineEvent } from '../../engine/engineTypes';
import { type Translate, errorMessage } from '../messages';
import { formatCallResult } from './callOutput';

const ENDED = new Set(['done', 'error', 'cancelled', 'denied']);

/** The lines of one ended tool call, each ending in a newline. */
export function formatToolCall(call: ToolCallView, t: Translate): string {
  const header = t('cli/messages:chat.toolCall', { server: call.serverName ?? '-', tool: call.toolName, arguments: JSON.stringify(call.arguments) });
  return `${header}\n${indent(callOutcome(call, t))}`;
}

function callOutcome(call: ToolCallView, t: Translate): string {
  if (call.status === 'denied') return `${t('cli/messages:chat.denied')}\n`;
  if (call.status === 'cancelled') return `${t('errors.CANCELLED')}\n`;
  if (call.result) {
    // ToolContent is the stored form of MCP content: the same shapes the summariser reads.
    const result = { content: call.result.content, isError: call.result.isError, structuredContent: call.result.structuredContent } as CallToolResult;
    const text = formatCallResult(result, t);
    return call.result.isError ? `${t('cli/messages:chat.toolError')}\n${text}` : text;
  }
  return `${errorMessage(t, call.errorCode ?? 'INTERNAL', { tool: call.toolName, server: call.serverName ?? '-', ...call.errorParams })}\n`;
}

function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '    ');
}

/** Streams a turn to the terminal from the engine's events. */
export class TranscriptPrinter {
  private readonly printed = new Set<string>();
  private atLineStart = true;

  constructor(
    private readonly stdout: (text: string) => void,
    private readonly stderr: (text: string) => void,
    private readonly t: Translate,
  ) {}

  onEvent(event: EngineEvent): void {
    if (event.type === 'text') {
      if (event.delta === '') return;
      this.stdout(event.delta);
      this.atLineStart = event.delta.endsWith('\n');
    } else if (event.type === 'tool_call' && ENDED.has(event.call.status) && !this.printed.has(event.call.id)) {
      this.printed.add(event.call.id);
      this.endLine();
      this.stdout(formatToolCall(event.call, this.t));
    } else if (event.type === 'tools_omitted' && event.names.length > 0) {
      this.stderr(`${this.t('errors.TOOLS_OMITTED', { names: event.names.join(', ') })}\n`);
    }
  }

  /** Ends the transcript on a line of its own. */
  endLine(): void {
    if (!this.atLineStart) this.stdout('\n');
    this.atLineStart = true;
  }
}
