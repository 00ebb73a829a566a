import { PromptSchema, ResourceSchema, ResourceTemplateSchema, ToolSchema } from '@modelcontextprotocol/core';
import type { Prompt, Resource, ResourceTemplateType as ResourceTemplate, Tool } from '@modelcontextprotocol/client';
import { ID_MAX_LENGTH } from '../../shared/contracts/limits';
import type { ListItemSpec } from './lenientList';
import { isPlainObject } from '../lib/isPlainObject';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A value as the log shows it: JSON, cut short. */
function brief(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 60)}…` : json;
}

/**
 * A tool's input or output schema as the MCP spec requires it ("type": "object" at the root, an
 * object of property schemas, a list of required names), from the shapes real servers send: a root
 * without a type or with another one, a root `anyOf`, `"properties": []`, `"required": null`,
 * `true`/`false` property schemas. Tool arguments are always an object (`tools/call`), so forcing the
 * root type keeps every call the server accepts; `true`/`{}` and `false`/`{"not": {}}` mean the same.
 * Anything that is not an object at all becomes the empty object schema.
 */
export function repairObjectSchema(schema: unknown, where: string, notes: string[]): Record<string, unknown> {
  if (!isPlainObject(schema)) {
    notes.push(`${where} replaced by an empty object schema: it was ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`);
    return { type: 'object', properties: {} };
  }
  const out: Record<string, unknown> = { ...schema };
  if (out.type !== 'object') {
    notes.push(`${where}.type ${out.type === undefined ? 'missing' : brief(out.type)} set to "object"`);
    out.type = 'object';
  }
  if ('properties' in out && !isPlainObject(out.properties)) {
    notes.push(`${where}.properties ${brief(out.properties)} replaced by {}`);
    out.properties = {};
  } else if (isPlainObject(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([key, value]) => [key, propertySchema(value, `${where}.properties.${key}`, notes)]));
  }
  if ('required' in out && !Array.isArray(out.required)) {
    notes.push(`${where}.required ${brief(out.required)} dropped`);
    delete out.required;
  } else if (Array.isArray(out.required) && !out.required.every((name) => typeof name === 'string')) {
    notes.push(`${where}.required: names that are not strings dropped`);
    out.required = out.required.filter((name): name is string => typeof name === 'string');
  }
  return out;
}

function propertySchema(value: unknown, where: string, notes: string[]): unknown {
  if (isPlainObject(value)) return value;
  if (value === true) return {};
  if (value === false) return { not: {} };
  notes.push(`${where} ${brief(value)} replaced by {}`);
  return {};
}

export const TOOL_SPEC: ListItemSpec<Tool> = {
  kind: 'tool',
  schema: ToolSchema,
  required: ['name', 'inputSchema'],
  identify: (item) => text(item.name),
  maxNameLength: ID_MAX_LENGTH,
  repair(item, notes) {
    const out: Record<string, unknown> = { ...item, inputSchema: repairObjectSchema(item.inputSchema, 'inputSchema', notes) };
    if ('outputSchema' in item && item.outputSchema !== undefined) out.outputSchema = repairObjectSchema(item.outputSchema, 'outputSchema', notes);
    return out;
  },
};

export const RESOURCE_SPEC: ListItemSpec<Resource> = {
  kind: 'resource',
  schema: ResourceSchema,
  required: ['uri', 'name'],
  identify: (item) => text(item.uri),
  repair: (item, notes) => withNameFrom(item, 'uri', notes),
};

export const RESOURCE_TEMPLATE_SPEC: ListItemSpec<ResourceTemplate> = {
  kind: 'resourceTemplate',
  schema: ResourceTemplateSchema,
  required: ['uriTemplate', 'name'],
  identify: (item) => text(item.uriTemplate),
  repair: (item, notes) => withNameFrom(item, 'uriTemplate', notes),
};

export const PROMPT_SPEC: ListItemSpec<Prompt> = {
  kind: 'prompt',
  schema: PromptSchema,
  required: ['name'],
  identify: (item) => text(item.name),
  maxNameLength: ID_MAX_LENGTH,
  repair(item, notes) {
    if (!Array.isArray(item.arguments)) return { ...item };
    // One bad argument entry would otherwise drop the whole list, and with it the required ones.
    const args = item.arguments.flatMap((arg: unknown) => {
      if (!isPlainObject(arg) || typeof arg.name !== 'string') {
        notes.push(`an argument without a name dropped`);
        return [];
      }
      const kept: Record<string, unknown> = { name: arg.name };
      if (typeof arg.description === 'string') kept.description = arg.description;
      if (typeof arg.required === 'boolean') kept.required = arg.required;
      else if (arg.required !== undefined) notes.push(`arguments.${arg.name}.required ${brief(arg.required)} ignored`);
      return [kept];
    });
    return { ...item, arguments: args };
  },
};

/** Some servers leave out a resource's or template's `name`, which the spec requires; its URI names it well enough. */
function withNameFrom(item: Record<string, unknown>, field: string, notes: string[]): Record<string, unknown> {
  if (typeof item.name === 'string' || typeof item[field] !== 'string') return { ...item };
  notes.push(`name missing, ${field} used`);
  return { ...item, name: item[field] };
}
