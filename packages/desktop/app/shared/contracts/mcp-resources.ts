/**
 * What the app shows of a server's resources and prompts (browse, read, complete, subscribe, run a
 * prompt), and the inputs of those requests. Runtime-neutral: imports only zod.
 */
import { z } from 'zod';
import { boundedRecord, ID_MAX_LENGTH, URL_MAX_LENGTH } from './limits';
import { idString } from './mcp-types';

/** A resource URI or URI template as a request names it. */
const uriString = z.string().min(1).max(URL_MAX_LENGTH, { error: 'tooLong' });
/** A prompt or completion argument's value, as typed in a form. */
const argumentValue = z.string().max(URL_MAX_LENGTH, { error: 'tooLong' });
/** Prompts and templates have a handful of arguments; this bounds what a request may carry. */
export const PROMPT_ARGUMENTS_MAX_ENTRIES = 64;
const argumentsRecord = boundedRecord(z.string().max(ID_MAX_LENGTH, { error: 'tooLong' }), argumentValue, PROMPT_ARGUMENTS_MAX_ENTRIES);

export const resourceReadSchema = z.strictObject({ id: idString, uri: uriString });
export const resourceSubscribeSchema = resourceReadSchema;

export const promptGetSchema = z.strictObject({
  id: idString,
  name: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }),
  arguments: argumentsRecord.default({}),
});

/** `completion/complete`: what a prompt argument or a template variable could be, given what is typed. */
export const completeSchema = z.strictObject({
  id: idString,
  ref: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ref/prompt'), name: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }) }),
    z.strictObject({ type: z.literal('ref/resource'), uri: uriString }),
  ]),
  argument: z.strictObject({ name: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }), value: argumentValue }),
  /** The other arguments already filled in, which may narrow the suggestions. */
  context: argumentsRecord.optional(),
});
export type CompleteInput = z.input<typeof completeSchema>;

export interface McpResourceView {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Bytes, when the server knows them. */
  size?: number;
  /** An icon the app may show (shared/contracts/icons.ts), when the server gave one. */
  icon?: string;
}

export interface McpResourceTemplateView {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icon?: string;
  /** The template's variables (`{name}`, `{+path}`, `{?q,lang}` …), in order. */
  variables: string[];
}

export interface McpPromptView {
  name: string;
  title?: string;
  description?: string;
  arguments: { name: string; title?: string; description?: string; required: boolean }[];
  icon?: string;
}

/** One server's resources, templates and prompts, and what it offers beside them. */
export interface McpServerCatalog {
  resources: McpResourceView[];
  templates: McpResourceTemplateView[];
  prompts: McpPromptView[];
  /** The server takes `resources/subscribe`. */
  canSubscribe: boolean;
  /** The server answers `completion/complete`. */
  canComplete: boolean;
}

/** One item of a read, bounded: a long text cut, a large blob left out (its size said). */
export interface ResourceContentsView {
  uri: string;
  mimeType?: string;
  text?: string;
  /** Base64. */
  blob?: string;
  /** The text was cut at the limit (the original length in characters). */
  cutFromChars?: number;
  /** The blob was left out (its size in bytes). */
  omittedBytes?: number;
}

export interface ResourceReadView {
  contents: ResourceContentsView[];
}

/** A message of a prompt, as the composer takes it: text, or an image / a resource to attach. */
export type PromptMessagePart =
  | { kind: 'text'; role: 'user' | 'assistant'; text: string }
  | { kind: 'image'; role: 'user' | 'assistant'; mimeType: string; data: string }
  | { kind: 'resource'; role: 'user' | 'assistant'; resource: ResourceContentsView };

export interface PromptRunView {
  description?: string;
  parts: PromptMessagePart[];
}

export interface ResourceUpdateEvent {
  serverId: string;
  uri: string;
}

/** The variable names of an RFC 6570 URI template: `a{x}b{+y}{?p,q*}` gives x, y, p, q. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{([^}]*)\}/g)) {
    const body = (match[1] ?? '').replace(/^[+#./;?&]/, '');
    for (const part of body.split(',')) {
      const name = part.replace(/\*$/, '').replace(/:\d+$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The URI a template gives for these values (simple and reserved expansion; query forms too). */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]*)\}/g, (_whole, body: string) => {
    const operator = /^[+#./;?&]/.test(body) ? body.charAt(0) : '';
    const names = body
      .slice(operator ? 1 : 0)
      .split(',')
      .map((part) => part.replace(/\*$/, '').replace(/:\d+$/, '').trim());
    const reserved = operator === '+' || operator === '#';
    const encode = (value: string) => (reserved ? encodeURI(value) : encodeURIComponent(value));
    const present = names.filter((name) => (values[name] ?? '') !== '');
    switch (operator) {
      case '?':
      case '&':
        return present.length === 0 ? '' : operator + present.map((name) => `${name}=${encode(values[name] ?? '')}`).join('&');
      case '/':
      case '.':
        return present.map((name) => operator + encode(values[name] ?? '')).join('');
      case ';':
        return present.map((name) => `;${name}=${encode(values[name] ?? '')}`).join('');
      case '#':
        return present.length === 0 ? '' : '#' + present.map((name) => encode(values[name] ?? '')).join(',');
      default:
        return present.map((name) => encode(values[name] ?? '')).join(',');
    }
  });
}
