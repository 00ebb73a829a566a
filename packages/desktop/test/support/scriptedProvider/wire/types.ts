import type { Violation } from '../../../tools/providerRules';
import type { ListedModel, Turn, WireFormatName } from '../script';

/** A response stream as SSE frames: `body` carries the content, `terminal` the events that end it. */
export interface StreamFrames {
  body: string[];
  terminal: string[];
}

/** One provider's wire format, as the scripted server speaks it. */
export interface Wire {
  name: WireFormatName;
  /** The tool definitions of a request body, or undefined when it sends none. */
  toolsOf(body: unknown): unknown[] | undefined;
  /** The provider's own 400 for definitions that break its rules. */
  rejectionMessage(violations: Violation[], tools: unknown[]): string;
  /** The provider's error JSON for an HTTP error status. */
  errorBody(status: number, message: string): unknown;
  /** `body`: the request, for what it asks of the stream (OpenAI's stream_options). */
  frames(turn: Turn, model: string, body?: unknown): StreamFrames;
  /** A frame the SDK cannot parse. */
  garbage: string;
  /** The non-streaming response to the same turn. */
  whole(turn: Turn, model: string): unknown;
  /** GET …/models: the page of `models` the query asks for, at most `pageSize` when set. */
  models(models: ListedModel[], query: URLSearchParams, pageSize: number | undefined): unknown;
}

export function sse(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** The index of the tool a violation names, for the provider's error path. */
export function toolIndex(names: string[], violation: Violation): number {
  return Math.max(0, names.indexOf(violation.tool));
}

export function moreSuffix(violations: Violation[]): string {
  return violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
}
