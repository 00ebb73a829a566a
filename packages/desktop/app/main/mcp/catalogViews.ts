/**
 * A server's resources, templates and prompts as the app shows them (shared/contracts/mcp-resources),
 * and reads and prompt results bounded to what an attachment may hold: a read can be as large as the
 * largest message a server may send, the UI and the next message cannot.
 */
import type { GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { pickIcon } from '../../shared/contracts/icons';
import { IMAGE_ATTACHMENT_MAX_BASE64_LENGTH, TEXT_ATTACHMENT_MAX_LENGTH } from '../../shared/contracts/limits';
import {
  type McpPromptView,
  type McpResourceTemplateView,
  type McpResourceView,
  type PromptMessagePart,
  type PromptRunView,
  type ResourceContentsView,
  type ResourceReadView,
  templateVariables,
} from '../../shared/contracts/mcp-resources';
import { base64Bytes } from '../../shared/contracts/attachments';

/** What one read or prompt may carry at most: the caps of an attachment (shared/contracts/limits.ts). */
export interface ContentLimits {
  textChars: number;
  blobChars: number;
}

export const ATTACHMENT_LIMITS: ContentLimits = { textChars: TEXT_ATTACHMENT_MAX_LENGTH, blobChars: IMAGE_ATTACHMENT_MAX_BASE64_LENGTH };

function optional<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' && value !== '' ? ({ [key]: value } as Record<K, string>) : {};
}

function iconOf(item: { icons?: unknown }): { icon?: string } {
  const icon = pickIcon(item.icons);
  return icon ? { icon } : {};
}

export function resourceView(resource: Resource): McpResourceView {
  return {
    uri: resource.uri,
    name: resource.name,
    ...optional('title', resource.title),
    ...optional('description', resource.description),
    ...optional('mimeType', resource.mimeType),
    ...(typeof resource.size === 'number' && Number.isFinite(resource.size) ? { size: resource.size } : {}),
    ...iconOf(resource),
  };
}

export function templateView(template: ResourceTemplate): McpResourceTemplateView {
  return {
    uriTemplate: template.uriTemplate,
    name: template.name,
    ...optional('title', template.title),
    ...optional('description', template.description),
    ...optional('mimeType', template.mimeType),
    ...iconOf(template),
    variables: templateVariables(template.uriTemplate),
  };
}

export function promptView(prompt: Prompt): McpPromptView {
  return {
    name: prompt.name,
    ...optional('title', prompt.title),
    ...optional('description', prompt.description),
    arguments: (prompt.arguments ?? []).map((argument) => ({
      name: argument.name,
      ...optional('title', (argument as { title?: unknown }).title),
      ...optional('description', argument.description),
      required: argument.required === true,
    })),
    ...iconOf(prompt),
  };
}

/** One item of a read within the limits; the budget is shared by the items of one read. */
function boundedContents(item: ReadResourceResult['contents'][number], budget: ContentLimits): ResourceContentsView {
  const head = { uri: item.uri, ...optional('mimeType', item.mimeType) };
  if ('text' in item && typeof item.text === 'string') {
    if (item.text.length <= budget.textChars) {
      budget.textChars -= item.text.length;
      return { ...head, text: item.text };
    }
    const text = item.text.slice(0, budget.textChars);
    budget.textChars = 0;
    return { ...head, text, cutFromChars: item.text.length };
  }
  const blob = 'blob' in item && typeof item.blob === 'string' ? item.blob : '';
  if (blob.length <= budget.blobChars) {
    budget.blobChars -= blob.length;
    return { ...head, blob };
  }
  return { ...head, omittedBytes: base64Bytes(blob) };
}

export function readView(result: ReadResourceResult, limits: ContentLimits = ATTACHMENT_LIMITS): ResourceReadView {
  const budget = { ...limits };
  return { contents: (result.contents ?? []).map((item) => boundedContents(item, budget)) };
}

/** The prompt's messages as parts for the composer: text, images, embedded resources (bounded like a read). */
export function promptRunView(result: GetPromptResult, limits: ContentLimits = ATTACHMENT_LIMITS): PromptRunView {
  const budget = { ...limits };
  const parts: PromptMessagePart[] = [];
  for (const message of result.messages) {
    const role = message.role;
    const content = message.content;
    switch (content.type) {
      case 'text':
        parts.push({ kind: 'text', role, text: content.text });
        break;
      case 'image':
        if (content.data.length <= budget.blobChars) {
          budget.blobChars -= content.data.length;
          parts.push({ kind: 'image', role, mimeType: content.mimeType, data: content.data });
        }
        break;
      case 'resource':
        parts.push({ kind: 'resource', role, resource: boundedContents(content.resource, budget) });
        break;
      case 'resource_link':
        parts.push({ kind: 'text', role, text: content.uri });
        break;
      case 'audio':
        break;
    }
  }
  return { ...optional('description', result.description), parts };
}
